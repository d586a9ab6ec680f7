// The web server's Node flags: `npm start` runs it with these, and so do the benches that run
// it as `npm start` does.
import os from "node:os";

const MB = 2 ** 20;

/**
 * A young generation sized from the machine's memory: 1/256 of it per semi-space, between
 * Node's own ceiling (16 MB) and 64 MB, and fixed, so that V8 does not grow it in steps that
 * pause. Live co-editing makes tens of KB of short-lived garbage per keystroke; a larger young
 * generation collects it in fewer scavenges of about the same length. An idle server's memory
 * does not change: the pages are touched only under load.
 */
export function serverNodeFlags(totalMemory = os.totalmem()) {
  const semiSpaceMb = Math.min(64, Math.max(16, Math.round(totalMemory / MB / 256)));
  return [`--min-semi-space-size=${semiSpaceMb}`, `--max-semi-space-size=${semiSpaceMb}`];
}
