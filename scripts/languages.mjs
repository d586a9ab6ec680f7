// `npm run languages`: which languages this machine can run and which it could add;
// `npm run languages -- install python java ...|all` (as root) adds them from Debian/Ubuntu packages.
// The server finds what is installed when it starts: restart it afterwards.
import { createRequire } from "node:module";
import { aptInstall, notInstalled, onPath, tail } from "./apt.mjs";
import { languageTable, planInstall, selectLanguages } from "./language-table.mjs";

const USAGE = "sudo npm run languages -- install <language>... | all";

/** The version of npm's TypeScript compiler beside CodeRoom, or null before npm install. */
function typescriptVersion() {
  try {
    return createRequire(import.meta.url)("typescript/package.json").version;
  } catch {
    return null;
  }
}

function list() {
  const builtIn = { javascript: `built in (Node.js ${process.versions.node})`, typescript: typescriptVersion() ? `built in (TypeScript ${typescriptVersion()})` : "needs npm install" };
  console.log(`Languages (add with: ${USAGE}):`);
  for (const row of languageTable) {
    const state = builtIn[row.key] ?? (notInstalled(row.packages).length === 0 ? "installed" : "available");
    console.log(`  ${row.key.padEnd(12)} ${row.name.padEnd(20)} ${state}`);
  }
  if (notInstalled(["bubblewrap"]).length > 0) console.log("The sandbox (bubblewrap) is not installed: sudo npm start installs it, as does any install here.");
}

function install(words) {
  const { rows, unknown } = selectLanguages(words);
  if (words.length === 0 || unknown.length > 0) {
    console.error(`${unknown.length ? `Unknown language: ${unknown.join(", ")}. ` : ""}Usage: ${USAGE}\nKnown: ${languageTable.map((r) => r.key).join(" ")}`);
    return 2;
  }
  if (process.getuid?.() !== 0 || !onPath("apt-get")) {
    console.error(`Installing languages needs root and apt-get (Debian/Ubuntu): ${USAGE}`);
    return 1;
  }
  const started = Date.now();
  const { steps, present } = planInstall(rows, notInstalled);
  const done = [];
  const failed = [];
  steps.forEach((step, i) => {
    console.log(`Installing ${step.name} (${i + 1}/${steps.length})...`);
    const result = step.packages.length > 0 ? aptInstall(step.packages) : { ok: true };
    if (result.ok) done.push(step.name);
    else {
      failed.push(step.name);
      console.error(`  apt-get install ${step.packages.join(" ")} failed:\n${tail(result.output)}`);
    }
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\nInstalled: ${done.join(", ") || "nothing"} (${seconds} s).`);
  if (present.length) console.log(`Already there: ${present.join(", ")}.`);
  if (failed.length) console.log(`Failed: ${failed.join(", ")}.`);
  if (done.length) console.log("Restart CodeRoom (npm start) to offer them.");
  return failed.length ? 1 : 0;
}

const [command, ...words] = process.argv.slice(2);
if (!command || command === "list") list();
else if (command === "install") process.exitCode = install(words);
else {
  console.error(`Usage: npm run languages [-- list | -- install <language>... | all]`);
  process.exitCode = 2;
}
