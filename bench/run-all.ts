// Runs every benchmark in turn; each prints its own table next to a same-run baseline.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));

for (const file of benches) {
  console.log(`\n=== ${file}`);
  await import(new URL(file, import.meta.url).href);
}
