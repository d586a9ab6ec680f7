// CI proof of issue 42: on a machine without bubblewrap, `npm start` as root installs it
// and code runs at once. Removes bubblewrap (dpkg -r, which removes nothing else), starts
// `npm start` on a temporary DATA_DIR and a free port, then as a guest runs JavaScript,
// TypeScript and Python through the REST API and checks their output. bubblewrap is
// installed again however this ends. Run as root: node scripts/ci-fresh-sandbox.mjs
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { aptInstall, onPath, tail } from "./apt.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const READY_TIMEOUT_MS = 15 * 60_000; // npm start builds first when the build is stale
const cases = [
  { langId: 63, lang: "JavaScript", code: 'console.log("js", 6 * 7);', stdout: "js 42\n" },
  { langId: 74, lang: "TypeScript", code: 'const n: number = 6;\nconsole.log("ts", n * 7);', stdout: "ts 42\n" },
  { langId: 71, lang: "Python", code: 'print("py", 6 * 7)', stdout: "py 42\n" },
];

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

async function prove(url, log) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await fetch(`${url}/readyz`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline) throw new Error("the server did not become ready");
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (!log().includes("Installing bubblewrap")) throw new Error("npm start did not say it installed bubblewrap");
  if (!onPath("bwrap")) throw new Error("bubblewrap is still missing");
  const headers = { "content-type": "application/json", "sec-fetch-site": "same-origin" };
  const guest = await fetch(`${url}/api/v1/users/guest-login`, { headers });
  if (!guest.ok) throw new Error(`guest login answered ${guest.status}`);
  headers.cookie = guest.headers.getSetCookie()[0].split(";")[0];
  for (const c of cases) {
    const res = await fetch(`${url}/api/v1/rooms/run`, { method: "POST", headers, body: JSON.stringify({ code: c.code, langId: c.langId, stdIn: "" }) });
    const body = await res.json();
    if (res.status !== 200 || body.data?.stdout !== c.stdout) throw new Error(`${c.lang} answered ${res.status}: ${JSON.stringify(body)}`);
    console.log(`${c.lang}: ${JSON.stringify(body.data.stdout)}, status ${body.data.status.description}`);
  }
}

if (process.getuid?.() !== 0) {
  console.error("ci-fresh-sandbox.mjs must run as root");
  process.exit(1);
}
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-fresh-"));
const sandboxDir = fs.mkdtempSync(path.join("/dev/shm", "coderoom-fresh-"));
const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SANDBOX_DIR: sandboxDir, LOG_LEVEL: "info" };
for (const key of ["PUBLIC_URL", "DATABASE_URL", "REDIS_URL", "EXECUTION_BACKEND", "AUTO_INSTALL_SANDBOX"]) delete env[key];
let output = "";
let failure = null;

/** `npm start` in its own process group, so the whole tree (npm, start.mjs, server, runner) stops together. */
async function startAndProve() {
  const server = spawn("npm", ["start"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    await Promise.race([prove(`http://127.0.0.1:${port}`, () => output), exited.then(() => Promise.reject(new Error("npm start exited")))]);
  } finally {
    const signalAll = (signal) => {
      try {
        process.kill(-server.pid, signal);
      } catch {
        // the group has ended
      }
    };
    signalAll("SIGTERM");
    if (!(await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]))) signalAll("SIGKILL");
  }
}

const removed = onPath("bwrap") ? spawnSync("dpkg", ["-r", "bubblewrap"], { encoding: "utf8" }) : { status: 0 };
try {
  if (removed.status !== 0) throw new Error(`could not remove bubblewrap for the test:\n${removed.stdout}${removed.stderr}`);
  await startAndProve();
} catch (err) {
  failure = err;
} finally {
  // Other suites need it: reinstalled however the test went.
  if (!onPath("bwrap")) {
    const again = aptInstall(["bubblewrap"]);
    if (!again.ok) console.error(`Could not reinstall bubblewrap:\n${tail(again.output)}`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(sandboxDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`FAILED: ${failure.message}\n--- npm start's output ---\n${tail(output, 60)}`);
  process.exit(1);
}
console.log("npm start installed bubblewrap and ran JavaScript, TypeScript and Python.");
