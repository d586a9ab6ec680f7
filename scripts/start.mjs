// `npm start`: builds what is missing or stale, then serves on PORT (default 3000)
// with the embedded database under DATA_DIR. Migrations run at server start.
// Started as root, the server starts its code runner (dist/runner.js, which keeps root
// and is restarted by its supervisor whenever it dies) and serves as WEB_UID.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureSandbox } from "./ensure-sandbox.mjs";
import { serverNodeFlags } from "./node-flags.mjs";
import { supervise } from "./supervise.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const newest = (dir) => {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
};
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
// LOG_LEVEL=silent silences this wrapper too (the build's output included).
const quiet = process.env.LOG_LEVEL === "silent";
const say = quiet ? () => {} : (...lines) => console.warn(...lines);

const sources = ["apps/web/src", "apps/web/index.html", "apps/server/src", "packages/shared/src"].map((p) => path.join(root, p));
const sourceTime = Math.max(...sources.map((p) => (fs.statSync(p).isDirectory() ? newest(p) : mtime(p))));
const builtTime = Math.min(mtime(path.join(root, "apps/web/dist/index.html")), mtime(path.join(root, "apps/server/dist/main.js")));
if (builtTime < sourceTime) {
  say("Building CodeRoom (web app and server)...");
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

ensureSandbox(say);
const hasBwrap = spawnSync("sh", ["-c", "command -v bwrap"], { stdio: "ignore" }).status === 0;
if (!hasBwrap && (process.env.EXECUTION_BACKEND ?? "sandbox") === "sandbox") {
  say(
    "\nCode execution is off: bubblewrap is not installed. Start as root (sudo npm start installs it), or install it with\n" +
      "  sudo apt-get install -y bubblewrap\n" +
      "and more languages with\n" +
      "  sudo npm run languages -- install all\n" +
      "or point EXECUTION_BACKEND=judge0 JUDGE0_URL=... at a Judge0 cluster.\n",
  );
}

if (hasBwrap && (process.env.EXECUTION_BACKEND ?? "sandbox") === "sandbox" && process.getuid?.() !== 0) {
  // Not "off": the server uses the rootless sandbox where the host allows it, and its log says why not otherwise.
  say(
    "\nStarted without root: code runs in the rootless sandbox if this host allows it (the server's log says),\n" +
      "with weaker separation than as root (README: 'Which guarantees hold where'). For the full sandbox start with sudo\n" +
      "(only the code runner keeps root; the web server switches to an unprivileged user).\n",
  );
}

// Restarted whenever it dies (scripts/supervise.mjs); SIGINT/SIGTERM stop it and this script.
supervise(
  process.execPath,
  [...serverNodeFlags(), "--enable-source-maps", path.join(root, "apps/server/dist/main.js")],
  { cwd: root, stdio: "inherit", env: { NODE_ENV: "production", ...process.env } },
  { quiet },
);
