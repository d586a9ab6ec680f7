import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../paths";

/*
 * Issue 42: `npm start` (scripts/ensure-sandbox.mjs) installs bubblewrap when started
 * as root on Debian/Ubuntu without it, and leaves everything else alone. apt-get here is
 * a stand-in on PATH that records its calls: the test must not install anything.
 */
const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn("\n*** SKIPPED the root cases of ensure-sandbox: they start the script as root, and this test run is not root\n");
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const FAKE_APT = `#!/bin/sh
echo "$*" >> "$FAKE_DIR/apt.log"
case " $* " in
  *" update "*) : > "$FAKE_DIR/lists" ;;
  *" install "*)
    if [ "$FAKE_LISTS" = missing ] && [ ! -e "$FAKE_DIR/lists" ]; then echo "E: Unable to locate package bubblewrap" >&2; exit 100; fi
    printf '#!/bin/sh\\n' > "$FAKE_DIR/bin/bwrap" && /bin/chmod 755 "$FAKE_DIR/bin/bwrap" ;;
esac
`;

/** A PATH holding only the given stand-ins: apt-get (records its calls, "installs" bwrap) and/or bwrap. */
function host(tools: { apt?: boolean; bwrap?: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coderoom-ensure-"));
  dirs.push(dir);
  fs.chmodSync(dir, 0o777);
  fs.mkdirSync(path.join(dir, "bin"), { mode: 0o777 });
  if (tools.apt) fs.writeFileSync(path.join(dir, "bin", "apt-get"), FAKE_APT, { mode: 0o755 });
  if (tools.bwrap) fs.writeFileSync(path.join(dir, "bin", "bwrap"), "#!/bin/sh\n", { mode: 0o755 });
  return dir;
}

/** Runs scripts/ensure-sandbox.mjs as `npm start` would; returns its decision, what it said and apt-get's calls. */
function ensure(dir: string, env: Record<string, string> = {}, uid?: number) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, "scripts/ensure-sandbox.mjs")], {
    env: { PATH: path.join(dir, "bin"), FAKE_DIR: dir, ...env },
    encoding: "utf8",
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  const log = path.join(dir, "apt.log");
  const calls = fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n") : [];
  return { status: r.status, decision: r.stdout.trim(), said: r.stderr, calls };
}

const INSTALL = "-o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends bubblewrap";

describe.skipIf(!isRoot)("started as root", () => {
  it("installs bubblewrap with apt-get, saying so in one line", () => {
    const dir = host({ apt: true });
    const r = ensure(dir);
    expect(r).toMatchObject({ status: 0, decision: "installed", calls: [INSTALL] });
    expect(r.said).toBe("Installing bubblewrap, the code sandbox (apt-get install bubblewrap; AUTO_INSTALL_SANDBOX=false turns this off)...\n");
    expect(fs.existsSync(path.join(dir, "bin", "bwrap"))).toBe(true);
  });

  it("runs apt-get update only when the install fails for lack of package lists", () => {
    const r = ensure(host({ apt: true }), { FAKE_LISTS: "missing" });
    expect(r).toMatchObject({ status: 0, decision: "installed", calls: [INSTALL, "-o DPkg::Lock::Timeout=600 update -q", INSTALL] });
  });

  it("leaves a present bubblewrap alone", () => {
    expect(ensure(host({ apt: true, bwrap: true }))).toMatchObject({ decision: "present", said: "", calls: [] });
  });

  it.each(["false", "0"])("installs nothing with AUTO_INSTALL_SANDBOX=%s", (value) => {
    expect(ensure(host({ apt: true }), { AUTO_INSTALL_SANDBOX: value })).toMatchObject({ decision: "off", said: "", calls: [] });
  });

  it("installs nothing without apt-get (not Debian/Ubuntu) or for the Judge0 backend", () => {
    expect(ensure(host({}))).toMatchObject({ decision: "no-apt", said: "" });
    expect(ensure(host({ apt: true }), { EXECUTION_BACKEND: "judge0" })).toMatchObject({ decision: "judge0", said: "", calls: [] });
  });

  it("says why when apt-get fails, and npm start goes on", () => {
    const dir = host({ apt: true });
    fs.writeFileSync(path.join(dir, "bin", "apt-get"), "#!/bin/sh\necho 'E: Could not open lock file' >&2\nexit 100\n", { mode: 0o755 });
    const r = ensure(dir);
    expect(r).toMatchObject({ status: 0, decision: "failed" });
    expect(r.said).toContain("Could not install bubblewrap:\nE: Could not open lock file");
  });
});

it("installs nothing when started without root (the rootless and refused modes stay as they are)", () => {
  const r = ensure(host({ apt: true }), {}, isRoot ? 65534 : undefined);
  expect(r).toMatchObject({ status: 0, decision: "not-root", said: "", calls: [] });
});
