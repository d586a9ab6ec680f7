import { describe, expect, it } from "vitest";
import { runFinishedMessage, runQuotaMessage } from "./run-messages";

describe("run messages", () => {
  it("names the Basic plan's 50 runs and the Pro upgrade", () => {
    const text = runQuotaMessage({ planId: "basic", maxRooms: null, runsPerDay: 50, aiPerDay: 25 });
    expect(text).toContain("all 50 code runs of the Basic plan");
    expect(text).toContain("Upgrade to Pro for unlimited runs");
  });

  it("says when a finished run had to wait in the queue", () => {
    const result = { status: { id: 6, description: "Compilation Error" }, stdout: null, stderr: null, compile_output: "x", time: null, memory: null, exit_code: null };
    expect(runFinishedMessage(result, true)).toBe("Code ran with status: Compilation Error (it waited in the queue)");
  });

  it("names a Python syntax error as such", () => {
    const result = { status: { id: 11, description: "Runtime Error (NZEC)" }, stdout: null, stderr: "SyntaxError: invalid syntax", compile_output: null, time: 9, memory: null, exit_code: 1 };
    expect(runFinishedMessage(result, false)).toBe("Code ran with status: Syntax Error");
  });
});
