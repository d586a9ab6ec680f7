// Runs every benchmark in turn; each prints its own table next to a same-run baseline.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serverNodeFlags } from "../scripts/server-flags.mjs";

// The benches' clients run in this process (the AI bench's askers and SDK streams, the load of
// the others), and what they measure includes their own pauses. With Node's default young
// generation (16 MB at most) the AI bench's clients collected it several times a burst, and
// 11-12 times a run a mark-compact (5-22 ms) held up the 50 streams they were timing; with the
// servers' flags, 1-2 times a run. So this process runs with them, as collab.bench.ts's forked clients do.
if (!serverNodeFlags.every((flag) => process.execArgv.includes(flag))) {
  const args = [...serverNodeFlags, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  process.exit(spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1);
}

const dir = fileURLToPath(new URL(".", import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));

for (const file of benches) {
  console.log(`\n=== ${file}`);
  await import(new URL(file, import.meta.url).href);
}
