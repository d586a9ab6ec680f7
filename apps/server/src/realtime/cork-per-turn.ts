import type { Duplex } from "node:stream";

/**
 * Call before each write to `socket`: the first write of an event-loop turn corks it and
 * that turn's check phase (setImmediate) uncorks it, so everything written to one
 * connection in one turn leaves in one syscall. Nothing waits for a timer: a quiet
 * connection adds no delay.
 */
export function corkPerTurn(socket: Duplex): () => void {
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  return () => {
    if (corked || !socket.writable) return;
    corked = true;
    socket.cork();
    setImmediate(uncork);
  };
}
