import type { EditorExtension } from "../../realtime/editor/editor-extension";
import { roomChannel } from "../../realtime/editor/editor-extension";
import type { RealtimeServices } from "../../realtime/realtime-services";
import { createAssistantService } from "./assistant-service";
import { registerAssistantHandlers } from "./assistant-socket";

/**
 * The room assistant as an `/editor` extension: one assistant per server (its stream
 * slots and room rate), wired to each socket with the namespace's membership and
 * write rules, broadcasting on the room channel.
 */
export function assistantExtension(s: RealtimeServices): EditorExtension {
  const log = {
    error: (obj: object, msg?: string) => s.log(obj, msg ?? "assistant error"),
    warn: (obj: object, msg?: string) => s.log(obj, msg ?? "assistant warning"),
  };
  const assistant = createAssistantService(s.deps, { log });
  s.metrics.gauge("coderoom_ai_streams", "Assistant answers streaming in this process", () => assistant.streamingCount());
  return (socket, ctx) =>
    registerAssistantHandlers(socket, {
      assistant,
      snapshot: (roomId) => ctx.snapshot(roomId),
      isMember: (sock, roomId) => ctx.isMember(sock, roomId),
      canWrite: (sock) => ctx.canWrite(sock),
      toRoom: (roomId, event, payload) => ctx.nsp.to(roomChannel(roomId)).emit(event, payload),
      log,
    });
}
