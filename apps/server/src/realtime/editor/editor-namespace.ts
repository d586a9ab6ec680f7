import type { Server } from "socket.io";
import { editorNamespace } from "@coderoom/shared/schemas/realtime";
import type { AppDeps } from "../../deps";
import { identify, socketUser } from "../handshake-auth";
import { mayWrite } from "../room-directory";
import type { RealtimeServices } from "../realtime-services";
import type { EditorContext, EditorExtension, EditorNamespace, EditorSocket } from "./editor-extension";
import { presenceExtension } from "./presence";
import { roomRulesExtension } from "./room-rules";
import { roomRunExtension } from "./room-run";
import { terminalRelayExtension } from "./terminal-relay";
import { userColor } from "./room-members";
import { createUpgradeIdentities } from "../upgrade-identity";
import { assistantExtension } from "./assistant-extension";
import { socketHandlers } from "../../socket/socket-handlers";

/** Every concern of `/editor`, in the order they see a new socket. Add yours here (one line). */
function editorExtensions(s: RealtimeServices): EditorExtension[] {
  return [presenceExtension(s), roomRulesExtension(s), terminalRelayExtension(s), roomRunExtension(s), assistantExtension(s)];
}

/** Flood guard: plenty for typing (a legacy client sends a full text per keystroke). */
const RATE = { perSecond: 40, burst: 80 };

/**
 * The `/editor` namespace: session-cookie authentication, then the extensions. A polling
 * handshake without a session cookie (the original client, cross-origin and without
 * credentials) waits for the session of its websocket upgrade; with none it is closed,
 * unconnected, after SIGN_IN_RECHECK_MS, and the client's own reconnect asks again
 * (meanwhile it buffers its events, so nothing it sends is lost or handled unidentified).
 */
export function createEditorNamespace(io: Server, deps: AppDeps): EditorNamespace {
  const nsp = io.of(editorNamespace) as EditorNamespace;
  const upgrades = createUpgradeIdentities(io, deps);
  const authenticate = async (socket: EditorSocket) => {
    const identity = await identify(deps, socket.handshake.headers);
    if (identity || !upgrades.awaitsUpgrade(socket)) return identity;
    const late = await upgrades.wait(socket);
    if (!late) socket.conn.close();
    return late;
  };
  nsp.use((socket, next) => {
    authenticate(socket)
      .then((identity) => {
        if (!identity) return next(new Error("session_required"));
        const user = socketUser(deps, identity.user);
        socket.data = { user, sessionHash: identity.sessionHash, color: userColor(user.id) };
        next();
      })
      .catch(next);
  });
  return nsp;
}

/** The context extensions get, built from the shared services. */
export function editorContext(deps: AppDeps, nsp: EditorNamespace, partial: Omit<RealtimeServices, "ctx">): EditorContext {
  return {
    deps,
    nsp,
    async snapshot(roomId) {
      const room = partial.directory.get(roomId) ?? (await partial.directory.load(roomId));
      if (!room) throw new Error(`room ${roomId} not found`);
      return {
        code: await partial.collab.text(roomId),
        languageId: room.languageId,
        languageName: room.languageName,
        // Only a run of the server's own: a relayed terminal is a member's claim.
        terminal: partial.runtime.lastRun(roomId),
      };
    },
    isMember: (socket: EditorSocket, roomId: string) => socket.data.roomId === roomId,
    canWrite: (socket: EditorSocket) => {
      const roomId = socket.data.roomId;
      return roomId !== undefined && mayWrite(socket.data.user.id, partial.directory.get(roomId));
    },
  };
}

/** Installs the rate limit and every extension on each new socket. */
export function installExtensions(s: RealtimeServices): void {
  const extensions = editorExtensions(s);
  s.nsp.on("connection", (socket: EditorSocket) => {
    const handle = socketHandlers(socket, { joined: () => socket.data.roomId !== undefined, log: s.log, rate: RATE });
    for (const extension of extensions) extension(socket, s.ctx, handle);
  });
}
