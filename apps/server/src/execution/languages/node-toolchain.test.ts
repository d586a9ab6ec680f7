import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxRunner } from "../sandbox/sandbox-runner";
import { sandboxHost, sandboxSkipReason, SANDBOX_TEST_DIR, testLimits } from "../../../test/sandbox-test-kit";
import { discoverLanguages, type Discovery } from "./discover-languages";
import { JOB_NODE, JOB_TYPESCRIPT, nodeToolchainBinds, type HostBind } from "./node-toolchain";
import { scriptLanguages } from "./script-languages";

const JS = 63;
const TS = 74;
const UIDS = 64_400;

/*
 * Issue 42: JavaScript and TypeScript run as soon as CodeRoom does, on the node binary
 * that runs it, wherever that is installed (here a copy outside /usr, as under ~/.nvm),
 * with the TypeScript compiler `npm install` put beside it.
 */
describe.skipIf(sandboxSkipReason)("JavaScript and TypeScript on CodeRoom's own Node.js", () => {
  let dir: string;
  let runner: SandboxRunner;
  let discovery: Discovery;
  let binds: HostBind[];
  beforeAll(async () => {
    // As under root's ~/.nvm: a folder other uids (the jobs') cannot enter.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-nvm-"));
    fs.chmodSync(dir, 0o711);
    fs.mkdirSync(path.join(dir, "home"), { mode: 0o700 });
    const node = path.join(dir, "home", "node");
    // A hard link where the file system allows it (no 100 MB copy), else a copy.
    try {
      fs.linkSync(fs.realpathSync(process.execPath), node);
    } catch {
      fs.copyFileSync(process.execPath, node);
      fs.chmodSync(node, 0o755);
    }
    binds = nodeToolchainBinds({ node, stageDir: path.join(dir, "stage") });
    discovery = await discoverLanguages({ specs: scriptLanguages.filter((s) => s.id === JS || s.id === TS), binds });
    runner = await SandboxRunner.create({
      host: sandboxHost,
      languages: discovery.installed,
      rootDir: SANDBOX_TEST_DIR,
      uids: Array.from({ length: 4 }, (_, i) => UIDS + i),
      limits: testLimits,
      log: { error: (obj, msg) => console.error(msg, obj) },
    });
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(sandboxHost.ok && sandboxHost.tools.mode !== "root")("binds a copy jobs can reach (root mode: jobs run as other uids)", () => {
    expect(binds.find((b) => b.sandbox === JOB_NODE)?.host).toMatch(new RegExp(`^${dir}/stage/node-[0-9a-f]{12}$`));
  });

  it("offers both, with this process's Node.js version", () => {
    expect(discovery.missing).toEqual([]);
    expect(discovery.installed.map((l) => l.label).sort()).toEqual([`JavaScript (Node.js ${process.versions.node})`, expect.stringMatching(/^TypeScript \(\d+\.\d+\.\d+\)$/)]);
  });

  it("runs JavaScript on the bound node binary, read-only and all a JavaScript job sees of the toolchains", async () => {
    const code = `const fs = require("fs");
const denied = (f) => { try { fs.writeFileSync(f, ""); return "written"; } catch (e) { return e.code; } };
console.log(process.execPath, process.version, fs.readdirSync("/opt/node/bin").join(","), fs.existsSync(${JSON.stringify(dir)}));
console.log(denied("${JOB_NODE}"), denied("${JOB_TYPESCRIPT}/x"));`;
    const r = await runner.run({ langId: JS, code, stdin: "" });
    expect(r.stdout, JSON.stringify(r)).toBe(`${JOB_NODE} ${process.version} node false\nEROFS ENOENT\n`);
  });

  it("type-checks and runs TypeScript with npm's compiler", async () => {
    const ok = await runner.run({ langId: TS, code: `const n: number = 21;\nconsole.log(n * 2);\n`, stdin: "" });
    expect(ok.stdout, JSON.stringify(ok)).toBe("42\n");
    const bad = await runner.run({ langId: TS, code: `const n: number = "two";\n`, stdin: "" });
    expect(bad.status.id).toBe(6);
    expect(bad.compile_output).toContain("error TS2322");
  }, 120_000);
});
