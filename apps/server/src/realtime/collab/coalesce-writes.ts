import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";

/**
 * Frames sent to one connection in one event-loop turn leave in one write: the socket is
 * corked at the turn's first send and uncorked in that turn's check phase (setImmediate).
 * A busy room's broadcasts and acknowledgements then cost one syscall per connection per
 * turn instead of one per frame, and nothing waits for a timer, so a quiet room adds no delay.
 * `socket` is the upgraded socket that `ws` writes to (ws corks it per frame too; corks nest).
 */
export function coalesceWrites(ws: WebSocket, socket: Duplex): void {
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  const send = ws.send.bind(ws) as (...args: unknown[]) => void;
  ws.send = ((...args: unknown[]) => {
    if (!corked && socket.writable) {
      corked = true;
      socket.cork();
      setImmediate(uncork);
    }
    send(...args);
  }) as WebSocket["send"];
}
