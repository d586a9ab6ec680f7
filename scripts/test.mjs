// The README's test command: lint, type-check, then every Vitest project (server twice
// when TEST_DATABASE_URL is set: PGlite and PostgreSQL), the build, and the browser tests.
// Ends with one line: "N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-results-"));
// The JSON reports are only read here: remove them however the run ends.
process.on("exit", () => fs.rmSync(resultsDir, { recursive: true, force: true }));

function run(label, cmd, args, env = {}) {
  console.log(`\n━━ ${label}: ${cmd} ${args.join(" ")}`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return res.status === 0;
}

function check(label, cmd, args) {
  if (run(label, cmd, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

function vitest(label, project, extraArgs = [], env = {}) {
  const out = path.join(resultsDir, `${label.replace(/\W+/g, "-")}.json`);
  const ok = run(label, "npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...extraArgs], env);
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

if (want("lint")) check("lint", "npx", ["eslint", ".", "--max-warnings=0"]);
if (want("typecheck")) check("typecheck", "npm", ["run", "--silent", "typecheck"]);
if (want("shared")) vitest("shared", "shared");
if (want("server")) vitest("server on PGlite", "server");
if (want("server")) {
  if (process.env.TEST_DATABASE_URL) {
    vitest("server on PostgreSQL", "server", [".int.test."], { TEST_DB: "postgres" });
  } else {
    // Counted as skipped, test by test, so the summary shows what did not run.
    const skipped = countTests("server", [".int.test."]);
    totals.skipped += skipped;
    console.log(`\n━━ server on PostgreSQL: SKIPPED ${skipped} tests (TEST_DATABASE_URL is not set; CI sets it)`);
  }
}
if (want("web")) vitest("web", "web");
if (want("e2e")) {
  if (run("build", "npm", ["run", "--silent", "build"])) vitest("e2e", "e2e");
  else {
    totals.failed += 1;
    failures.push("build");
  }
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ✗ ${t}`).join("\n")}`);
console.log(failures.length ? `\nFailed: ${failures.join(", ")}` : "\nAll suites green.");
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || failures.length > 0 ? 1 : 0);
