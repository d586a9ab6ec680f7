import { describe, expect, it } from "vitest";
import { runStatus, type TRunResult } from "./schemas/run";
import { cancelledRunStatus, isCancelledRun, runHeading } from "./run-heading";

const result = (status: TRunResult["status"], stderr: string | null = null): TRunResult => ({
  status,
  stdout: null,
  stderr,
  compile_output: null,
  time: 10,
  memory: null,
  exit_code: null,
});

describe("runHeading", () => {
  it("says Syntax Error for a Python SyntaxError or IndentationError", () => {
    const trace = '  File "/box/main.py", line 1\n    print(\n         ^\nSyntaxError: \'(\' was never closed\n';
    expect(runHeading(result(runStatus.nzec, trace))).toBe("Syntax Error");
    expect(runHeading(result(runStatus.nzec, "IndentationError: unexpected indent"))).toBe("Syntax Error");
  });

  it("keeps the status for other runtime errors and for a SyntaxError message inside another error", () => {
    expect(runHeading(result(runStatus.nzec, "ZeroDivisionError: division by zero"))).toBe("Runtime Error (NZEC)");
    expect(runHeading(result(runStatus.nzec, "ValueError: no SyntaxError here"))).toBe("Runtime Error (NZEC)");
    expect(runHeading(result(runStatus.accepted))).toBe("Accepted");
  });

  it("recognises a cancelled run", () => {
    expect(isCancelledRun(result(cancelledRunStatus))).toBe(true);
    expect(isCancelledRun(result(runStatus.other))).toBe(false);
  });
});
