// V8 flags the web server runs with: `npm start` (scripts/start.mjs) and the benchmarks'
// servers start it with these. --max-semi-space-size=128 (MB; Node 20's default is 16):
// live co-editing allocates ~5,000 incoming updates and ~20,000 outgoing frames a second,
// short-lived garbage that filled the default young generation ~14 times a second.
// - 16 → 64: a quarter as many scavenges, ~1/5 of the time in them (1.8 s → 0.4 s of pauses
//   in 20 s, p99 keystroke latency 151 → 92 ms).
// - 64 → 128: half as many scavenges again (108-110 against 212-222 in 60 s), and what lives
//   ~0.3-0.6 s is no longer promoted to the old generation (a heap-snapshot diff under that
//   load: live heap +0.14 MB/s, old space +2 MB/s of objects dead by the next mark-compact;
//   0-5 mark-compacts against 3-11). Scavenge time 0.6 s against 1.1-2.2 s, server CPU 59-60 %
//   against 63-68 %, p99 keystroke latency 16.8, 25.9, 17.6 against 67.2, 25.8, 46.7 ms
//   (bench/collab.bench.ts, alternating runs), peak RSS ~40 MB more under that load. V8 grows
//   the young generation only as far as the allocation rate needs: an idle server stays small.
export const serverNodeFlags = ["--max-semi-space-size=128"];
