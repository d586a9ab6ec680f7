import { limits } from "@coderoom/shared/constants/limits";
import { zLanguage } from "@coderoom/shared/schemas/rooms";
import { zRunResult } from "@coderoom/shared/schemas/run";
import { z } from "zod";

/**
 * The protocol between the web process and the runner process, over a local Unix
 * socket: one JSON object per line. The web process says hello, then submits jobs
 * (each with its own id), may cancel them, and gets their output and result back.
 * The runner validates every frame and trusts nothing beyond a valid job description.
 */
export const PROTOCOL_VERSION = 1;

/** Longest line either side accepts: a job at its limits, JSON-escaped, fits well below. */
export const MAX_FRAME_BYTES = 8 * (limits.codeMaxBytes + limits.stdinMaxBytes);

/** Most jobs one connection may have in flight (the web process queues above this). */
export const MAX_JOBS_PER_CONNECTION = 256;

const zId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const zJob = z
  .object({
    langId: z.number().int(),
    // UTF-16 length never exceeds the UTF-8 byte length the web process checked.
    code: z.string().max(limits.codeMaxBytes),
    stdin: z.string().max(limits.stdinMaxBytes),
  })
  .strict();

export const zClientFrame = z.discriminatedUnion("t", [
  z.object({ t: z.literal("hello"), v: z.literal(PROTOCOL_VERSION) }).strict(),
  z.object({ t: z.literal("submit"), id: zId, job: zJob, stream: z.boolean() }).strict(),
  z.object({ t: z.literal("cancel"), id: zId }).strict(),
]);
export type ClientFrame = z.infer<typeof zClientFrame>;

const zOutputChunk = z.object({ stream: z.enum(["stdout", "stderr", "compile_output"]), data: z.string() }).strict();

export const zRunnerFrame = z.discriminatedUnion("t", [
  z
    .object({
      t: z.literal("status"),
      kind: z.enum(["sandbox", "judge0"]),
      unavailableReason: z.string().nullable(),
      languages: z.array(zLanguage.extend({ starter: z.string() })),
    })
    .strict(),
  z.object({ t: z.literal("output"), id: zId, chunk: zOutputChunk }).strict(),
  z.object({ t: z.literal("result"), id: zId, result: zRunResult }).strict(),
  /** A frame the runner refused (the connection stays up unless the frame could not be read at all). */
  z.object({ t: z.literal("refused"), id: zId.nullable(), reason: z.string() }).strict(),
]);
export type RunnerFrame = z.infer<typeof zRunnerFrame>;

/** Splits a byte stream into lines, refusing any line longer than the cap. */
export class LineReader {
  private parts: Buffer[] = [];
  private size = 0;

  constructor(private readonly maxBytes = MAX_FRAME_BYTES) {}

  /** The complete lines in `chunk` (with what came before); throws once a line passes the cap. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, nl));
      lines.push(Buffer.concat(this.parts).toString("utf8"));
      this.parts = [];
      this.size = 0;
      start = nl + 1;
    }
    this.take(chunk.subarray(start));
    return lines;
  }

  private take(part: Buffer): void {
    this.size += part.length;
    if (this.size > this.maxBytes) throw new Error(`frame longer than ${this.maxBytes} bytes`);
    if (part.length > 0) this.parts.push(Buffer.from(part));
  }
}

/** Parses one line with a schema: the frame, or why it was refused. */
export function parseFrame<T>(schema: z.ZodType<T>, line: string): { ok: true; frame: T } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: `invalid frame: ${parsed.error.issues[0]?.message ?? "unknown"}` };
  return { ok: true, frame: parsed.data };
}

export const encodeFrame = (frame: object): string => `${JSON.stringify(frame)}\n`;
