import { createAssistantService } from "../../modules/ai/assistant-service";
import { registerAssistantHandlers } from "../../modules/ai/assistant-socket";
import type { RealtimeServices } from "../realtime-services";
import { roomChannel, type EditorExtension } from "./editor-extension";

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
  const assistant = createAssistantService(s.deps, {
    log,
    onConversationSaved: (roomId) => s.cluster.tellOthers("conversationSaved", { roomId }),
  });
  // What the prompts' kept histories must read again: a conversation saved elsewhere, a room gone.
  s.cluster.on("conversationSaved", ({ roomId }) => assistant.conversationChanged(roomId));
  s.cluster.on("roomDeleted", ({ roomId }) => assistant.conversationChanged(roomId));
  s.metrics.gauge("coderoom_ai_streams", "Assistant answers streaming in this process", () => assistant.streamingCount());
  return (socket, ctx, handle) =>
    registerAssistantHandlers(socket, handle, {
      assistant,
      snapshot: (roomId) => ctx.snapshot(roomId),
      isMember: (roomId) => ctx.isMember(socket, roomId),
      canWrite: () => ctx.canWrite(socket),
      toRoom: (roomId) => ctx.nsp.to(roomChannel(roomId)),
    });
}
