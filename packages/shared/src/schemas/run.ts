import { z } from "zod";
import { zCode } from "../validation";

/** `POST /rooms/run` body (spec §7). Size limits are checked by the server to answer 413. */
export const zRunBody = z.object({
  code: zCode("Code is required"),
  langId: z.coerce.number({ error: "Choose a language" }).int(),
  stdIn: z.string().optional().default(""),
});
export type TRunBody = z.infer<typeof zRunBody>;

/** Judge0-shaped run result; `time` in milliseconds, `memory` in KB. */
export const zRunResult = z.object({
  status: z.object({ id: z.number().int(), description: z.string() }),
  stdout: z.string().nullable(),
  stderr: z.string().nullable(),
  compile_output: z.string().nullable(),
  time: z.number().nullable(),
  memory: z.number().nullable(),
  exit_code: z.number().int().nullable(),
});
export type TRunResult = z.infer<typeof zRunResult>;

/** Judge0 status ids and descriptions. */
export const runStatus = {
  inQueue: { id: 1, description: "In Queue" },
  processing: { id: 2, description: "Processing" },
  accepted: { id: 3, description: "Accepted" },
  timeLimit: { id: 5, description: "Time Limit Exceeded" },
  compileError: { id: 6, description: "Compilation Error" },
  sigsegv: { id: 7, description: "Runtime Error (SIGSEGV)" },
  sigxfsz: { id: 8, description: "Runtime Error (SIGXFSZ)" },
  sigfpe: { id: 9, description: "Runtime Error (SIGFPE)" },
  sigabrt: { id: 10, description: "Runtime Error (SIGABRT)" },
  nzec: { id: 11, description: "Runtime Error (NZEC)" },
  other: { id: 12, description: "Runtime Error (Other)" },
  internal: { id: 13, description: "Internal Error" },
} as const;

/** `GET /rooms/run/status`: where the caller's run stands (the UI shows "Queued" while it waits) and today's count. */
export const zRunQueueState = z.object({
  state: z.enum(["idle", "queued", "running"]),
  /** 1 = next to start; null unless queued. */
  position: z.number().int().nullable(),
  runsToday: z.number().int(),
  /** null = unlimited. */
  runsPerDay: z.number().int().nullable(),
});
export type TRunQueueState = z.infer<typeof zRunQueueState>;
