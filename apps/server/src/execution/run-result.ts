import { cancelledRunStatus } from "@coderoom/shared/run-heading";
import { runStatus, type TRunResult } from "@coderoom/shared/schemas/run";

export type TRunStatus = TRunResult["status"];

/** Memory exhaustion is a runtime error Judge0 has no id for; the description says what happened. */
export const memoryLimitStatus: TRunStatus = { id: runStatus.other.id, description: "Runtime Error (Memory Limit Exceeded)" };
/** The program wrote more than the output limit: it was stopped, and its output is shown up to the cap. */
export const outputLimitStatus: TRunStatus = { id: runStatus.other.id, description: "Output Limit Exceeded" };
/** A run stopped by its user (Stop button). */
export const cancelledStatus: TRunStatus = cancelledRunStatus;

/** Judge0's mapping of the signal that ended a program to a status. */
export function signalStatus(signal: number): TRunStatus {
  switch (signal) {
    case 11:
      return runStatus.sigsegv;
    case 25:
      return runStatus.sigxfsz;
    case 8:
      return runStatus.sigfpe;
    case 6:
      return runStatus.sigabrt;
    case 24:
      return runStatus.timeLimit;
    default:
      return runStatus.other;
  }
}

/** Status of a program that ran to its end with this exit code (128 + n: killed by signal n). */
export function exitStatus(exitCode: number): TRunStatus {
  if (exitCode === 0) return runStatus.accepted;
  if (exitCode > 128 && exitCode <= 128 + 64) return signalStatus(exitCode - 128);
  return runStatus.nzec;
}

/** A result that carries only a status and a message for the user (internal errors). */
export function bareResult(status: TRunStatus, stderr: string | null = null): TRunResult {
  return { status, stdout: null, stderr, compile_output: null, time: null, memory: null, exit_code: null };
}

/** Judge0 sends empty outputs as null. */
export function textOrNull(text: string): string | null {
  return text.length > 0 ? text : null;
}
