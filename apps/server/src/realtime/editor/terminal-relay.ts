import { roomMessages } from "@coderoom/shared/messages";
import { legacyEvents, zTerminalRelay } from "@coderoom/shared/schemas/realtime";
import { zRunResult } from "@coderoom/shared/schemas/run";
import type { RealtimeServices } from "../realtime-services";
import { roomChannel, type EditorExtension } from "./editor-extension";
import { handle, Refusal } from "./socket-events";

/** A relayed result bigger than this is refused (the run output cap is far below). */
const MAX_RELAY_CHARS = 512 * 1024;

/**
 * Legacy `updateTerminal`: a member relays the result of a REST run. It is validated
 * (the original relayed anything, and a non-string stdout broke every receiver),
 * relayed to the others and remembered as the room's terminal for late joiners.
 */
export function terminalRelayExtension(s: RealtimeServices): EditorExtension {
  return (socket) => {
    handle(socket, legacyEvents.updateTerminal, { schema: zTerminalRelay }, (p, ok) => {
      if (JSON.stringify(p).length > MAX_RELAY_CHARS) throw new Refusal("payload_too_large", roomMessages.codeTooLarge);
      const roomId = socket.data.roomId!;
      socket.to(roomChannel(roomId)).emit(legacyEvents.updateTerminal, p);
      const full = zRunResult.safeParse({ stdout: null, stderr: null, compile_output: null, time: null, memory: null, exit_code: null, ...p });
      if (full.success) s.cluster.broadcast("terminal", { roomId, result: full.data });
      ok();
    });
  };
}
