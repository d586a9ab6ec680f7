import { runStatus, type TRunResult } from "./schemas/run";

/** A run stopped by its user (Stop button): Judge0 has no id for it, the description says so. */
export const cancelledRunStatus: TRunResult["status"] = { id: runStatus.other.id, description: "Cancelled" };

/** The run was stopped by its user (nothing to fix). */
export const isCancelledRun = (result: TRunResult): boolean =>
  result.status.id === cancelledRunStatus.id && result.status.description === cancelledRunStatus.description;

// Python's and Node's first stderr line for code that does not parse.
const syntaxErrorLine = /^\s*(SyntaxError|IndentationError|TabError)\b/m;

/**
 * The heading of a run result: its Judge0 status, except that a non-zero exit whose stderr
 * reports a syntax error says "Syntax Error" rather than "Runtime Error (NZEC)".
 */
export function runHeading(result: TRunResult): string {
  if (result.status.id === runStatus.nzec.id && syntaxErrorLine.test(result.stderr ?? "")) return "Syntax Error";
  return result.status.description;
}
