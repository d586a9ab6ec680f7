import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { SandboxRunner } from "../sandbox/sandbox-runner";
import { sandboxSkipReason, SANDBOX_TEST_DIR, testSandbox } from "../../../test/sandbox-test-kit";
import { allLanguageSpecs, discoverLanguages } from "./discover-languages";
import { compiledSamples, type LanguageSample } from "./samples-compiled";
import { otherSamples } from "./samples-other";

const samples: Record<number, LanguageSample> = { ...compiledSamples, ...otherSamples };
const discovery = await discoverLanguages({ cacheFile: `${SANDBOX_TEST_DIR}.toolchains.json` });
if (discovery.missing.length > 0) {
  const names = discovery.missing.map((m) => `${m.spec.label.replace(" (%s)", "")} (${m.reason})`);
  console.warn(`\n*** Not tested, not installed here (sudo npm run languages -- install all installs them): ${names.join("; ")}\n`);
}

const INPUT = "hello sandbox\n";
type Case = "hello" | "echo" | "syntaxError" | "runtimeError";
const results = new Map<string, TRunResult>();

/** Runs every case of every offered language up front, two at a time (one per core), so the tests only compare. */
async function runAll(runner: SandboxRunner): Promise<void> {
  const jobs = discovery.installed.flatMap((lang) => {
    const s = samples[lang.id]!;
    const cases: [Case, string, string][] = [
      ["hello", lang.starter, ""],
      ["echo", s.echo, INPUT],
      ["syntaxError", s.syntaxError, ""],
      ["runtimeError", s.runtimeError, ""],
    ];
    return cases.map(([name, code, stdin]) => async () => {
      results.set(`${lang.id}:${name}`, await runner.run({ langId: lang.id, code, stdin }));
    });
  });
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await job();
  };
  await Promise.all([worker(), worker()]);
}

const show = (r: TRunResult | undefined) => JSON.stringify(r, null, 1);

describe("language specs", () => {
  it("every known language has a hello-world starter and test programs", () => {
    for (const spec of allLanguageSpecs) {
      expect(spec.starter, spec.label).toContain("Hello, World!");
      expect(samples[spec.id], spec.label).toBeDefined();
    }
    expect(new Set(allLanguageSpecs.map((s) => s.id)).size).toBe(allLanguageSpecs.length);
  });
});

describe.skipIf(sandboxSkipReason || discovery.installed.length === 0)("every offered language runs in the sandbox", () => {
  let runner: SandboxRunner | undefined;
  beforeAll(async () => {
    // Production's CPU limit (5 s); the wall limit is generous because CI's two cores are
    // shared with other suites and a JVM or BEAM start waits for CPU. Warm sandboxes are on,
    // as in production: an interpreted language's later cases run in one set up ahead.
    runner = await testSandbox(63_200, { run: { cpuSeconds: 5, wallSeconds: 30 }, warm: { maxPerKey: 1, idleMs: 2_000 } });
    await runAll(runner);
  }, 1_800_000);
  afterAll(() => runner?.close());

  it.skipIf(discovery.installed.every((l) => l.spec.compile))("ran interpreted languages in warm sandboxes", () => {
    console.log(`warm sandboxes: ${runner?.warm?.hits} runs served warm, ${runner?.warm?.misses} cold`);
    expect(runner?.warm?.hits).toBeGreaterThan(0);
  });

  describe.each(discovery.installed.map((l) => [l.label, l] as const))("%s", (_name, lang) => {
    const compiled = Boolean(lang.spec.compile);

    it("runs the starter: Hello, World!", () => {
      const r = results.get(`${lang.id}:hello`);
      expect(r?.status.id, show(r)).toBe(3);
      expect(r?.stdout?.trimEnd(), show(r)).toBe("Hello, World!");
    });

    it("echoes a line of stdin", () => {
      const r = results.get(`${lang.id}:echo`);
      expect(r?.status.id, show(r)).toBe(3);
      expect(r?.stdout?.trimEnd(), show(r)).toBe("echo: hello sandbox");
    });

    it(compiled ? "reports a compile error as status 6 with the compiler's output" : "reports a syntax error as a runtime error (NZEC)", () => {
      const r = results.get(`${lang.id}:syntaxError`);
      expect(r?.status.id, show(r)).toBe(compiled ? 6 : 11);
      expect(compiled ? r?.compile_output : (r?.stderr ?? r?.stdout), show(r)).toBeTruthy();
    });

    it("reports a failing program as a runtime error (7-12)", () => {
      const r = results.get(`${lang.id}:runtimeError`);
      expect(r?.status.id, show(r)).toBeGreaterThanOrEqual(7);
      expect(r?.status.id, show(r)).toBeLessThanOrEqual(12);
    });
  });
});
