// A process that does nothing but time its own event loop, the way the bench's server
// times its own: the stalls this machine causes by itself (other tenants, CPU steal,
// a load generator on the other core), the same-run baseline for the server's loop figures.
// "reset" / "report" on stdin, like ai-server.ts; prints one JSON line when ready.
import { createInterface } from "node:readline";
import { monitorEventLoopDelay } from "node:perf_hooks";

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "reset") loop.reset();
  if (line === "report") console.log(JSON.stringify({ loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6 }));
});
process.on("SIGTERM", () => process.exit(0));
console.log("{}");
