import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackendBusyError, type OutputChunk } from "../runner";
import { startFakeJudge0, type FakeJudge0 } from "../../../test/fake-judge0";
import { Judge0Runner } from "./judge0-runner";

const quietLog = { warn: () => undefined, error: () => undefined };
let fake: FakeJudge0;

beforeEach(async () => {
  fake = await startFakeJudge0({ authToken: "secret-token" });
});
afterEach(async () => {
  await fake.close();
});

function runnerFor(url = fake.url, extra: { retryLanguagesMs?: number } = {}) {
  return Judge0Runner.create({ url, authHeader: "X-Auth-Token", authToken: "secret-token", maxWaitMs: 10_000, pollMs: 5, log: quietLog, ...extra });
}

describe("Judge0 backend", () => {
  it("offers the cluster's languages under Judge0 CE ids, mapping other ids by family", async () => {
    const runner = await runnerFor();
    const offered = runner.languages.list().map(({ id, name, label, version, monacoId }) => ({ id, name, label, version, monacoId }));
    // `name` is the plain, Monaco-compatible name; the cluster's own name is the label.
    expect(offered).toEqual(
      expect.arrayContaining([
        { id: 50, name: "C", label: "C (GCC 9.2.0)", version: "9.2.0", monacoId: "c" },
        { id: 54, name: "CPP", label: "C++ (GCC 14.1.0)", version: "14.1.0", monacoId: "cpp" },
        { id: 71, name: "Python", label: "Python (3.8.1)", version: "3.8.1", monacoId: "python" },
        { id: 46, name: "Shell", label: "Bash (5.0.0)", version: "5.0.0", monacoId: "shell" },
      ]),
    );
    expect(offered.map((l) => l.id)).not.toContain(63);
    expect(offered.map((l) => l.id)).not.toContain(70);
    expect(runner.languages.get(71)?.starter).toContain("Hello, World!");
    expect(runner.unavailableReason()).toBeNull();
  });

  it("submits base64 without waiting, polls until done and passes the result through with time in ms", async () => {
    const runner = await runnerFor();
    const code = 'print("héllo ✓")';
    const result = await runner.run({ langId: 54, code, stdin: "ünïcode input\n" });
    expect(result).toEqual({
      status: { id: 3, description: "Accepted" },
      stdout: `lang 105: ${code.length} chars\nünïcode input\n`,
      stderr: null,
      compile_output: null,
      time: 12,
      memory: 3120,
      exit_code: 0,
    });
    const [submission] = fake.log.submissions;
    expect(submission?.query).toContain("base64_encoded=true");
    expect(submission?.query).toContain("wait=false");
    expect(submission?.headers["x-auth-token"]).toBe("secret-token");
    expect(Buffer.from(String(submission?.body.source_code), "base64").toString("utf8")).toBe(code);
    expect(fake.log.polls.length).toBeGreaterThanOrEqual(3);
    expect(fake.log.polls.every((p) => p.query.includes("base64_encoded=true"))).toBe(true);
  });

  it("passes a compilation error through with its compiler output", async () => {
    const runner = await runnerFor();
    const result = await runner.run({ langId: 50, code: "int main( COMPILE_ERROR", stdin: "" });
    expect(result.status).toEqual({ id: 6, description: "Compilation Error" });
    expect(result.compile_output).toContain("error: expected ';'");
  });

  it("shows Judge0's message when it reports an internal error", async () => {
    const runner = await runnerFor();
    const result = await runner.run({ langId: 71, code: "INTERNAL_ERROR", stdin: "" });
    expect(result.status.id).toBe(13);
    expect(result.stderr).toBe("box failed");
  });

  it("reports a full Judge0 queue (503) as busy instead of a result", async () => {
    const runner = await runnerFor();
    fake.failNextSubmit(503);
    await expect(runner.run({ langId: 71, code: "print(1)", stdin: "" })).rejects.toBeInstanceOf(BackendBusyError);
  });

  it("delivers the output to a streaming listener once the run is done", async () => {
    const runner = await runnerFor();
    const chunks: OutputChunk[] = [];
    await runner.run({ langId: 71, code: "x", stdin: "in" }, { onOutput: (c) => chunks.push(c) });
    expect(chunks).toEqual([{ stream: "stdout", data: "lang 71: 1 chars\nin" }]);
  });

  it("stops polling when the run is cancelled", async () => {
    const runner = await runnerFor();
    const controller = new AbortController();
    const pending = runner.run({ langId: 71, code: "x", stdin: "" }, { signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.status.description).toBe("Cancelled");
  });

  it("is unavailable while the cluster is down and picks the languages up once it answers", async () => {
    fake.setDown(true);
    const runner = await runnerFor(fake.url, { retryLanguagesMs: 20 });
    expect(runner.unavailableReason()).toMatch(/cannot be reached/);
    expect(runner.languages.list()).toEqual([]);
    fake.setDown(false);
    await expect.poll(() => runner.languages.list().length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(runner.unavailableReason()).toBeNull();
    await runner.close();
  });

  it("answers an internal error when the cluster cannot be reached for a run", async () => {
    const runner = await runnerFor();
    await fake.close();
    const result = await runner.run({ langId: 71, code: "x", stdin: "" });
    expect(result.status.id).toBe(13);
    fake = await startFakeJudge0();
  });
});
