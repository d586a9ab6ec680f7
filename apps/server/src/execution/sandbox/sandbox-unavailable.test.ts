import { describe, expect, it } from "vitest";
import { discoverLanguages } from "../languages/discover-languages";
import { SandboxRunner } from "./sandbox-runner";
import { SANDBOX_TEST_DIR, testLimits } from "../../../test/sandbox-test-kit";

describe("a sandbox that cannot run (e.g. started without root on a host without cgroup v2 delegation)", () => {
  it("offers no language and refuses runs with the reason", async () => {
    const reason =
      "Code execution is unavailable: the server was started without root, and the rootless sandbox lacks cgroup v2 delegation: " +
      "this host has no cgroup v2 hierarchy (cgroup v1 only), so each job's memory, process and CPU limits need root.";
    const { installed } = await discoverLanguages({ cacheFile: `${SANDBOX_TEST_DIR}.toolchains.json` });
    const runner = await SandboxRunner.create({
      host: { ok: false, reason },
      languages: installed,
      rootDir: SANDBOX_TEST_DIR,
      uids: [],
      limits: testLimits,
      log: { error: () => undefined },
    });
    expect(installed.length).toBeGreaterThan(0);
    expect(runner.languages.list()).toEqual([]);
    expect(runner.unavailableReason()).toBe(reason);
    const r = await runner.run({ langId: installed[0]!.id, code: "x", stdin: "" });
    expect(r.status.id).toBe(13);
    expect(r.stderr).toBe(reason);
  });
});
