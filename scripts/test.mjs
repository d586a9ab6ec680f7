// The README's test command: lint, type-check, then every Vitest project (server twice
// when TEST_DATABASE_URL is set: PGlite and PostgreSQL), the build, and the browser tests.
// Two lanes run side by side: the server suite on PGlite, and everything that mostly waits
// on browsers, PostgreSQL and child processes. The second lane's log is printed when it ends.
// Ends with one line: "N passed, N failed, N skipped".
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-results-"));
// The JSON reports are only read here: remove them however the run ends.
process.on("exit", () => fs.rmSync(resultsDir, { recursive: true, force: true }));

/** Runs a command to the end; `out` is the lane's log (a file descriptor), or the terminal. */
function run(label, cmd, args, env = {}, out = "inherit") {
  const header = `\n━━ ${label}: ${cmd} ${args.join(" ")}\n`;
  if (out === "inherit") process.stdout.write(header);
  else fs.writeSync(out, header);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", out, out], env: { ...process.env, ...env } });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}

async function check(label, cmd, args) {
  if (await run(label, cmd, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

async function vitest(label, project, extraArgs = [], env = {}, log = "inherit") {
  const out = path.join(resultsDir, `${label.replace(/\W+/g, "-")}.json`);
  const ok = await run(label, "npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...extraArgs], env, log);
  if (!fs.existsSync(out)) {
    totals.failed += 1;
    failures.push(`${label} (did not run)`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(out, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  // A file that fails to load counts no test but must fail the run.
  const broken = r.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
  totals.failed += broken;
  // Name what failed again at the end, so a long log's tail says which tests to look at.
  for (const file of r.testResults) {
    if (file.status === "failed" && file.assertionResults.length === 0) failedTests.push(`${label}: ${file.name} (did not load)`);
    for (const t of file.assertionResults) if (t.status === "failed") failedTests.push(`${label}: ${path.basename(file.name)} › ${t.fullName}`);
  }
  if (!ok && r.numFailedTests === 0 && broken === 0) {
    // Every test passed, yet Vitest failed the run: errors outside any test (an unhandled rejection).
    totals.failed += 1;
    failedTests.push(`${label}: errors outside any test (its log's "Unhandled Errors" section)`);
  }
  if (!ok || r.numFailedTests > 0 || broken > 0) failures.push(label);
}

/** How many tests a project (filtered) holds, from Vitest's listing, without running them. */
function countTests(project, filters) {
  const out = path.join(resultsDir, `list-${project}.json`);
  const res = spawnSync("npx", ["vitest", "list", "--project", project, "--json", out, ...filters], { stdio: ["ignore", "ignore", "inherit"] });
  if (res.status !== 0 || !fs.existsSync(out)) return 0;
  return JSON.parse(fs.readFileSync(out, "utf8")).length;
}

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

/** The server suite on PGlite after lint and type-check: the CPU-bound lane. */
async function mainLane() {
  if (want("lint")) await check("lint", "npx", ["eslint", ".", "--max-warnings=0"]);
  if (want("typecheck")) await check("typecheck", "npm", ["run", "--silent", "typecheck"]);
  if (want("shared")) await vitest("shared", "shared");
  if (want("server")) await vitest("server on PGlite", "server");
}

/** PostgreSQL, the web app, the build and the browser tests: a lane that mostly waits. */
async function sideLane(log) {
  if (want("server")) {
    if (process.env.TEST_DATABASE_URL) {
      await vitest("server on PostgreSQL", "server", [".int.test."], { TEST_DB: "postgres" }, log);
    } else {
      // Counted as skipped, test by test, so the summary shows what did not run.
      const skipped = countTests("server", [".int.test."]);
      totals.skipped += skipped;
      fs.writeSync(log, `\n━━ server on PostgreSQL: SKIPPED ${skipped} tests (TEST_DATABASE_URL is not set; CI sets it)\n`);
    }
  }
  if (want("web")) await vitest("web", "web", [], {}, log);
  if (want("e2e")) {
    if (await run("build", "npm", ["run", "--silent", "build"], {}, log)) await vitest("e2e", "e2e", [], {}, log);
    else {
      totals.failed += 1;
      failures.push("build");
    }
  }
}

const sideLog = path.join(resultsDir, "side-lane.log");
const sideFd = fs.openSync(sideLog, "w");
console.log(`━━ PostgreSQL, web, build and browser tests run alongside; their log follows the server suite's.`);
await Promise.all([mainLane(), sideLane(sideFd)]);
fs.closeSync(sideFd);
process.stdout.write(fs.readFileSync(sideLog, "utf8"));

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✗ ${t}`).join("\n")}`);
console.log(failures.length ? `\nFailed: ${failures.join(", ")}` : "\nAll suites green.");
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || failures.length > 0 ? 1 : 0);
