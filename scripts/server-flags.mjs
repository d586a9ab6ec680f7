// V8 flags the web server runs with: `npm start` (scripts/start.mjs) and the collaboration
// benchmark start it with these. --max-semi-space-size=64 (MB; Node 20's default is 16):
// live co-editing allocates ~5,000 incoming updates and ~20,000 outgoing frames a second,
// short-lived garbage that filled the default young generation ~14 times a second; with
// 64 MB the server scavenges a quarter as often and spends ~1/5 of the time in them
// (measured: 1.8 s → 0.4 s of pauses in 20 s, p99 keystroke latency 151 → 92 ms).
export const serverNodeFlags = ["--max-semi-space-size=64"];
