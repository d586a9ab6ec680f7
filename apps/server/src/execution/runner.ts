import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { LanguageCatalog } from "./language-catalog";

/** The backend refuses more work for now (Judge0 answered 503); the run was not started. */
export class BackendBusyError extends Error {
  constructor() {
    super("the execution backend is at capacity");
    this.name = "BackendBusyError";
  }
}

/** A piece of output as the program produces it. */
export interface OutputChunk {
  stream: "stdout" | "stderr" | "compile_output";
  data: string;
}

export interface RunJob {
  langId: number;
  code: string;
  stdin: string;
}

export interface RunOptions {
  /** Aborting stops the run; the result then has the "Cancelled" status and the output so far. */
  signal?: AbortSignal;
  /** Receives output while the program runs (live terminal). */
  onOutput?: (chunk: OutputChunk) => void;
}

/** An execution backend: the built-in sandbox or a Judge0 cluster. */
export interface Runner {
  readonly kind: "sandbox" | "judge0";
  /** The languages this backend runs now. */
  readonly languages: LanguageCatalog;
  /** Why runs are refused right now (e.g. bubblewrap missing), or null when runs work. */
  unavailableReason(): string | null;
  /** Runs one program. Backend failures come back as status 13 (Internal Error); only BackendBusyError is thrown. */
  run(job: RunJob, opts?: RunOptions): Promise<TRunResult>;
  close(): Promise<void>;
}
