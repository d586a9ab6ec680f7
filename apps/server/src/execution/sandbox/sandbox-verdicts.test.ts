import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStatus } from "@coderoom/shared/schemas/run";
import { SandboxRunner } from "./sandbox-runner";
import { sandboxSkipReason, testLimits, testSandbox } from "../../../test/sandbox-test-kit";

const C = 50;
let runner: SandboxRunner;

const c = (body: string) => `#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
int main(void) {
${body}
    return 0;
}
`;

describe.skipIf(sandboxSkipReason)("sandbox: Judge0 verdicts for failing programs", () => {
  beforeAll(async () => {
    runner = await testSandbox(63_100);
  });
  afterAll(() => runner.close());

  it("reports a compile error as status 6 with the compiler's output", async () => {
    const r = await runner.run({ langId: C, code: "int main(void) { return x; }", stdin: "" });
    expect(r.status).toEqual(runStatus.compileError);
    expect(r.compile_output).toMatch(/error: .x. undeclared/);
    expect(r.stdout).toBeNull();
  });

  it.each([
    ["division by zero", "volatile int one = 1, zero = 0; printf(\"%d\\n\", one / zero);", runStatus.sigfpe],
    ["a segfault", "volatile int *p = NULL; *p = 1;", runStatus.sigsegv],
    ["abort()", "abort();", runStatus.sigabrt],
    ["writing past the file size limit", "FILE *f = fopen(\"big\", \"w\"); char b[4096]; memset(b, 'x', sizeof b); for (;;) fwrite(b, 1, sizeof b, f);", runStatus.sigxfsz],
    ["another signal", "raise(SIGUSR1);", runStatus.other],
  ])("reports %s with Judge0's status", async (_name, body, status) => {
    const r = await runner.run({ langId: C, code: c(body), stdin: "" });
    expect(r.status).toEqual(status);
  });

  it("reports a non-zero exit as NZEC (11) with the exit code", async () => {
    const r = await runner.run({ langId: C, code: c('fprintf(stderr, "bad input\\n"); exit(3);'), stdin: "" });
    expect(r.status).toEqual(runStatus.nzec);
    expect(r.exit_code).toBe(3);
    expect(r.stderr).toBe("bad input\n");
  });

  it("reports a successful run as Accepted with time in ms and memory in KB", async () => {
    const r = await runner.run({ langId: C, code: c('printf("ok\\n");'), stdin: "" });
    expect(r).toMatchObject({ status: runStatus.accepted, stdout: "ok\n", stderr: null, exit_code: 0 });
    expect(Number.isInteger(r.time)).toBe(true);
    expect(r.memory).toBeGreaterThan(0);
  });
});

describe("sandbox runner on a host that cannot sandbox", () => {
  it("refuses to run anything without the sandbox, saying why", async () => {
    const reason = "Code execution is unavailable: bubblewrap is not installed on the server (sudo apt-get install bubblewrap).";
    const off = await SandboxRunner.create({ host: { ok: false, reason }, languages: [], rootDir: "/nonexistent", uids: [1], limits: testLimits, log: console });
    expect(off.unavailableReason()).toBe(reason);
    const r = await off.run({ langId: C, code: "int main(){}", stdin: "" });
    expect(r.status).toEqual(runStatus.internal);
    expect(r.stderr).toBe(reason);
  });
});
