// V8 flags the web server runs with: `npm start` (scripts/start.mjs) and the benchmarks'
// servers start it with these.
import os from "node:os";

// A young generation of a fixed 96 MB per semi-space (Node 20's default grows from 1 MB to at
// most 16).
// - Large: live co-editing allocates ~5,000 incoming updates and ~20,000 outgoing frames a
//   second, short-lived garbage that filled the default young generation ~14 times a second
//   (bench/collab.bench.ts: up to 64 MB, p99 keystroke latency 151 → 92 ms; up to 128 MB, half
//   as many scavenges again, and what lives ~0.3-0.6 s no longer promoted to the old generation).
// - Fixed: V8 grows it inside a scavenge, mapping each new 256 KB page then, and grows it
//   whenever the bytes that survived scavenges since the last step pass its size, so sooner
//   or later under any steady load. On this 2-core VM the step 32 → 64 MB took a 61 ms pause
//   and 64 → 128 MB 74 ms, against 4-6 ms for the scavenges around them (--trace-gc during
//   bench/ai.bench.ts, where the step was the run's longest event-loop stall).
// - 96: under bench/collab.bench.ts as many scavenges as growing up to 128 (98-100 against
//   100-103 in 60 s) at ~100 MB less RSS; a fixed 64 ran 186-189, with mark-compacts again.
//   The idle server's RSS did not change (bench/ai-server.ts after 90 s: 890 MB either way).
const youngGeneration = ["--min-semi-space-size=96", "--max-semi-space-size=96"];

// No more V8 helper threads (parallel scavenges and marking, background compiles) than cores:
// Node starts 4 wherever it runs, and on 2 cores the event loop waited in a scavenge for helpers
// that had no core (--trace-gc-nvp: 23 ms in the parallel phase, 70 ms of helper time, where the
// same work took 6-8 ms in other scavenges of the run). bench/ai.bench.ts, 7 alternating pairs:
// event-loop max 30-40 ms against 35-54 (lower in 6 of 7); bench/collab.bench.ts, one pair:
// p99 keystroke latency 147 against 138 ms, scavenge time 0.97 s against 1.17 s.
const helperThreads = [`--v8-pool-size=${Math.min(4, os.availableParallelism())}`];

export const serverNodeFlags = [...youngGeneration, ...helperThreads];
