import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleServer, serverEntryPoints } from "../apps/server/bundle.mjs";
import { serverNodeFlags } from "../scripts/node-flags.mjs";

/** The Node flags `npm start` gives the server on this machine. */
export const startFlags = serverNodeFlags();

/** Beside dist/ (one folder below apps/server/, where the server looks for its migrations); gitignored. */
const outdir = fileURLToPath(new URL("../apps/server/.bench-build/", import.meta.url));

/**
 * A bench's server script (a .ts path) bundled with the server's own entries, as `npm start`
 * runs the server: under tsx, which runs the benches, every function our code creates goes
 * through a keepNames wrapper, a cost the built server does not pay. Returns the built script's path.
 */
export async function builtBenchServer(script: string): Promise<string> {
  const name = path.basename(script, ".ts");
  await bundleServer({ entryPoints: { ...serverEntryPoints, [name]: script }, outdir });
  return path.join(outdir, `${name}.js`);
}

/** The server itself (main.js and the entries it starts) bundled as `npm start` runs it; returns main.js's path. */
export async function builtServerMain(): Promise<string> {
  await bundleServer({ entryPoints: serverEntryPoints, outdir });
  return path.join(outdir, "main.js");
}
