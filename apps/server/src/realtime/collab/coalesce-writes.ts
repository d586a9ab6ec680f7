import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import { corkPerTurn } from "../cork-per-turn";

/**
 * Frames sent to one connection in one event-loop turn leave in one write (corkPerTurn):
 * a busy room's broadcasts and acknowledgements then cost one syscall per connection per
 * turn instead of one per frame. `socket` is the upgraded socket that `ws` writes to
 * (ws corks it per frame too; corks nest).
 */
export function coalesceWrites(ws: WebSocket, socket: Duplex): void {
  const beforeWrite = corkPerTurn(socket);
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  ws.send = ((...args: unknown[]) => {
    beforeWrite();
    send(...args);
  }) as WebSocket["send"];
}
