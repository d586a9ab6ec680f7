import type { Duplex } from "node:stream";

/**
 * Corks `socket` until this event-loop turn's check phase (setImmediate), so everything
 * written to it in the rest of the turn leaves in one write (one syscall) instead of one
 * each. Called again in the same turn it does nothing; a quiet connection waits for nothing.
 * Call it outside a library's own cork/uncork pair: a socket corked already counts as done.
 */
export function corkUntilTurnEnds(socket: Duplex): void {
  if (socket.writableCorked > 0 || !socket.writable) return;
  socket.cork();
  setImmediate(() => socket.uncork());
}
