import type { Duplex } from "node:stream";
import { performance } from "node:perf_hooks";

/**
 * How long a busy turn may hold what it has written. Under load one turn reads and relays
 * hundreds of messages (tens of ms); held to the turn's end, the first of them waited for
 * all the others before leaving.
 */
export const MAX_HOLD_MS = 5;

/** The sockets corked since the last flush (their uncork functions), and when the first was. */
let held: (() => void)[] = [];
let heldSince = 0;
let flushScheduled = false;

function flushHeld() {
  const sockets = held;
  held = [];
  for (const uncork of sockets) uncork();
}
function flushAtTurnEnd() {
  flushScheduled = false;
  flushHeld();
}

/**
 * Call before each write to `socket`: the first write corks it, and the turn's check phase
 * (setImmediate) uncorks it, so what one turn writes to one connection leaves in one
 * syscall; a turn that runs longer than MAX_HOLD_MS lets out what it holds at its next
 * write. Nothing waits for a timer: a quiet connection adds no delay.
 */
export function corkPerTurn(socket: Duplex): () => void {
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  return () => {
    if (held.length > 0 && performance.now() - heldSince > MAX_HOLD_MS) flushHeld();
    if (corked || !socket.writable) return;
    if (held.length === 0) heldSince = performance.now();
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushAtTurnEnd);
    }
    corked = true;
    socket.cork();
    held.push(uncork);
  };
}
