import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { io, type Socket } from "socket.io-client";
import { editorNamespace, type TRoomUser } from "@coderoom/shared/schemas/realtime";
import { connected, cookieOf, createRealtimeTestApp, nextEvent, type RealtimeTestContext } from "../../../test/realtime-harness";
import { SIGN_IN_RECHECK_MS } from "../upgrade-identity";
import { joined, person, roomWithOwner } from "../../../test/room-fixture";

let ctx: RealtimeTestContext;
const open: Socket[] = [];
beforeAll(async () => {
  ctx = await createRealtimeTestApp({ CORS_ORIGINS: "http://127.0.0.1:5173" });
});
afterEach(() => {
  while (open.length) open.pop()!.close();
});
afterAll(() => ctx?.close());

/** Long enough for one re-check plus the client's first reconnect delay (at most 1.5 s). */
const AFTER_RECHECK_MS = SIGN_IN_RECHECK_MS + 4_000;

/**
 * The original client as a browser on another origin of the same site runs it: `io(url + "/editor")`
 * with default options, so its polling requests carry no cookie while its websocket upgrade carries
 * the browser's cookie of the moment (`jar.cookie`, changed by a sign-in without a reload).
 */
function originalClient(jar: { cookie?: string }, upgradeOrigin = "http://127.0.0.1:5173"): Socket {
  const websocket = { extraHeaders: { origin: upgradeOrigin } as Record<string, string> };
  const socket = io(`${ctx.url}${editorNamespace}`, {
    forceNew: true,
    extraHeaders: { origin: "http://127.0.0.1:5173" },
    transportOptions: {
      websocket: {
        get extraHeaders() {
          return { ...websocket.extraHeaders, ...(jar.cookie ? { cookie: jar.cookie } : {}) };
        },
      },
    },
  });
  open.push(socket);
  return socket;
}

/** The original client's entry into a room, with someone else's identity in the payload. */
function legacyJoin(socket: Socket, roomId: string) {
  socket.emit("verifyUniqueUser", { roomId, userId: "someone-else" });
  socket.emit("join", { roomId, userId: "someone-else", userName: "Mallory", avatar: "http://evil.example/x.png" });
}

describe("the original client's socket (no credentials on polling)", () => {
  it("takes its identity from the websocket upgrade, never from the payload", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const socket = originalClient({ cookie: cookieOf(owner.token) });
    await connected(socket);
    const users = nextEvent<{ users: TRoomUser[] }>(socket, "updateUsers");
    legacyJoin(socket, roomId);
    expect((await users).users.map((u) => [u.id, u.name])).toEqual([[owner.user.id, "Olive"]]);
  });

  it("holds a socket without a session, events buffered, until a sign-in without a reload identifies it", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const other = await joined(ctx, owner, roomId);
    open.push(other);
    const jar: { cookie?: string } = {};
    const socket = originalClient(jar);
    // Emitted at once, as the client does on a page it reaches later: it buffers them while unconnected.
    legacyJoin(socket, roomId);
    const unique = nextEvent<boolean>(socket, "uniqueUser", AFTER_RECHECK_MS + 2_000);
    const users = nextEvent<{ users: TRoomUser[] }>(socket, "updateUsers", AFTER_RECHECK_MS + 2_000);
    // No session on its upgrade: the server never connects it, and closes it for a re-check.
    await nextEvent(socket, "disconnect", AFTER_RECHECK_MS);
    expect(socket.connected).toBe(false);

    const member = await person(ctx, "Mia Member");
    jar.cookie = cookieOf(member.token);
    expect(await unique).toBe(true);
    expect((await users).users.map((u) => u.id).sort()).toEqual([member.user.id, owner.user.id].sort());
  }, 30_000);

  it("drops the identity at sign-out and takes the next account's, without a reload", async () => {
    const { roomId, owner } = await roomWithOwner(ctx);
    const jar = { cookie: cookieOf(owner.token) };
    const socket = originalClient(jar);
    await connected(socket);
    const left = nextEvent(socket, "disconnect");
    await owner.agent.get("/users/logout");
    jar.cookie = "";
    await left;

    const next = await person(ctx, "Nora Next");
    jar.cookie = cookieOf(next.token);
    const users = nextEvent<{ users: TRoomUser[] }>(socket, "updateUsers", AFTER_RECHECK_MS);
    legacyJoin(socket, roomId);
    expect((await users).users.map((u) => [u.id, u.name])).toEqual([[next.user.id, "Nora"]]);
  }, 30_000);

  it("ignores the session of an upgrade from another site's page", async () => {
    const who = await person(ctx);
    const socket = originalClient({ cookie: cookieOf(who.token) }, "https://evil.example");
    await nextEvent(socket, "disconnect", AFTER_RECHECK_MS);
    expect(socket.connected).toBe(false);
  }, 15_000);

  it("still refuses a handshake that brings a dead session cookie (our own app's case)", async () => {
    const socket = io(`${ctx.url}${editorNamespace}`, {
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie: cookieOf("forged-token-that-is-not-a-session") },
    });
    open.push(socket);
    await expect(connected(socket)).rejects.toThrow("session_required");
  });
});
