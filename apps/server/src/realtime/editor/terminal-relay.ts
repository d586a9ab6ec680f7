import { realtimeMessages, roomMessages } from "@coderoom/shared/messages";
import { legacyEvents } from "@coderoom/shared/schemas/realtime";
import { zRunResult } from "@coderoom/shared/schemas/run";
import type { RealtimeServices } from "../realtime-services";
import { roomChannel, type EditorExtension } from "./editor-extension";
import { Refusal } from "../../socket/socket-handlers";

/** A relayed result bigger than this is refused (the run output cap is far below). */
const MAX_RELAY_CHARS = 512 * 1024;

/**
 * Legacy `updateTerminal`: a member who may edit relays the result of a REST run. It is
 * validated (the original relayed anything, and a non-string stdout broke every receiver),
 * relayed to the others and remembered as the room's terminal for late joiners, marked
 * with who relayed it: the server never ran it, so the assistant does not take it as a run.
 */
export function terminalRelayExtension(s: RealtimeServices): EditorExtension {
  return (socket, ctx, handle) => {
    handle(legacyEvents.updateTerminal, {}, (p, ok) => {
      // A view-only member cannot run the room's code, so it has no result of the room's to show.
      if (!ctx.canWrite(socket)) throw new Refusal("room_read_only", realtimeMessages.readOnly);
      if (JSON.stringify(p).length > MAX_RELAY_CHARS) throw new Refusal("payload_too_large", roomMessages.codeTooLarge);
      const roomId = socket.data.roomId!;
      socket.to(roomChannel(roomId)).emit(legacyEvents.updateTerminal, p);
      const full = zRunResult.safeParse({ stdout: null, stderr: null, compile_output: null, time: null, memory: null, exit_code: null, ...p });
      if (full.success) s.cluster.broadcast("terminal", { roomId, result: full.data, relayedBy: socket.data.user.id });
      ok();
    });
  };
}
