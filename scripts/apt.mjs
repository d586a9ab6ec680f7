// apt-get and dpkg as `npm start` (ensure-sandbox.mjs) and `npm run languages` use them:
// quiet unless something fails, waiting for another apt instead of failing at once.
import { spawnSync } from "node:child_process";

const APT = ["-o", "DPkg::Lock::Timeout=600"];
const aptEnv = () => ({ ...process.env, DEBIAN_FRONTEND: "noninteractive" });
let listsUpdated = false;

/** Whether `name` is a program on PATH. */
export function onPath(name) {
  return spawnSync("/bin/sh", ["-c", 'command -v "$0"', name], { stdio: "ignore" }).status === 0;
}

/** The packages among `packages` that dpkg does not list as installed. */
export function notInstalled(packages) {
  if (packages.length === 0) return [];
  const r = spawnSync("dpkg-query", ["-W", "-f=${Package} ${Status}\\n", ...packages], { encoding: "utf8" });
  const installed = new Set(
    (r.stdout ?? "")
      .split("\n")
      .filter((line) => line.endsWith(" install ok installed"))
      .map((line) => line.split(" ")[0]),
  );
  return packages.filter((p) => !installed.has(p));
}

/** apt cannot find a package or download its file: the package lists are missing or stale. */
const needsLists = (output) => /Unable to locate package|has no installation candidate|Failed to fetch|Unable to fetch/.test(output);

function apt(args) {
  const r = spawnSync("apt-get", [...APT, ...args], { env: aptEnv(), encoding: "utf8", maxBuffer: 64 << 20 });
  return { ok: r.status === 0, output: r.error ? r.error.message : `${r.stdout}${r.stderr}` };
}

/**
 * `apt-get install -y --no-install-recommends <packages>`; only when that fails for lack
 * of package lists, `apt-get update` (once per process) and the install again. The output
 * is returned, to be shown when it failed.
 */
export function aptInstall(packages) {
  const install = () => apt(["install", "-y", "-q", "--no-install-recommends", ...packages]);
  let result = install();
  if (!result.ok && !listsUpdated && needsLists(result.output)) {
    listsUpdated = true;
    const update = apt(["update", "-q"]);
    result = update.ok ? install() : update;
  }
  return result;
}

/** The last lines of apt's output, to show under a failure. */
export const tail = (output, lines = 15) => output.trimEnd().split("\n").slice(-lines).join("\n");
