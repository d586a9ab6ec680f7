import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutputChunk } from "../runner";
import type { SandboxRunner } from "./sandbox-runner";
import { processesOf, sandboxSkipReason, testSandbox } from "../../../test/sandbox-test-kit";

const UIDS = 63_400;
const BASH = 46;
let runner: SandboxRunner;

describe.skipIf(sandboxSkipReason)("sandbox runner: live output and Stop", () => {
  beforeAll(async () => {
    runner = await testSandbox(UIDS, { run: { wallSeconds: 20, cpuSeconds: 5 } });
  });
  afterAll(() => runner.close());

  it("delivers stdout and stderr while the program is still running", async () => {
    const chunks: (OutputChunk & { whileRunning: boolean })[] = [];
    let finished = false;
    const code = 'for i in 1 2 3; do echo "tick $i"; sleep 0.3; done\necho "done" >&2';
    const result = await runner.run({ langId: BASH, code, stdin: "" }, { onOutput: (c) => chunks.push({ ...c, whileRunning: !finished }) });
    finished = true;
    expect(result.status.id).toBe(3);
    const streamed = (stream: OutputChunk["stream"]) =>
      chunks
        .filter((c) => c.stream === stream)
        .map((c) => c.data)
        .join("");
    expect(streamed("stdout")).toBe("tick 1\ntick 2\ntick 3\n");
    expect(streamed("stderr")).toBe("done\n");
    expect(chunks.filter((c) => c.stream === "stdout").length).toBeGreaterThanOrEqual(2);
    expect(chunks[0]?.data).toBe("tick 1\n");
  });

  it.each([
    [71, 'import time\nfor i in range(3):\n    print("tick", i)\n    time.sleep(0.4)'],
    [50, '#include <stdio.h>\n#include <unistd.h>\nint main(void) { for (int i = 0; i < 3; i++) { printf("tick %d\\n", i); usleep(400000); } return 0; }'],
  ])("streams language %i line by line although its output goes to a file (unbuffered runtimes, stdbuf)", async (langId, code) => {
    const whileRunning: string[] = [];
    let finished = false;
    const result = await runner.run({ langId, code, stdin: "" }, { onOutput: (c) => void (!finished && c.stream === "stdout" && whileRunning.push(c.data)) });
    finished = true;
    expect(result.status.id).toBe(3);
    expect(result.stdout).toBe("tick 0\ntick 1\ntick 2\n");
    // Buffered output would arrive in one chunk at exit.
    expect(whileRunning.length).toBeGreaterThanOrEqual(2);
    expect(whileRunning[0]).toBe("tick 0\n");
  });

  it("streams no more than the output cap, ending with the truncation marker", async () => {
    let streamed = "";
    const result = await runner.run({ langId: BASH, code: "yes", stdin: "" }, { onOutput: (c) => (streamed += c.stream === "stdout" ? c.data : "") });
    expect(streamed).toBe(result.stdout);
    expect(streamed).toMatch(/\[output truncated: only the first 64 KB are shown\]\n$/);
  });

  it("stops a running program when cancelled, keeping the output so far", async () => {
    const controller = new AbortController();
    const code = "echo started\nsleep 60 &\nsleep 60";
    const result = await runner.run(
      { langId: BASH, code, stdin: "" },
      {
        signal: controller.signal,
        onOutput: (c) => {
          if (c.data.includes("started")) controller.abort();
        },
      },
    );
    expect(result.status.description).toBe("Cancelled");
    expect(result.stdout).toBe("started\n");
    expect(await processesOf(UIDS)).toEqual([]);
  });

  it("stops during compilation when cancelled", async () => {
    const controller = new AbortController();
    const pending = runner.run({ langId: 50, code: "int main(void) { return 0; }", stdin: "" }, { signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.status.description).toBe("Cancelled");
    expect(result.stdout).toBeNull();
  });
});
