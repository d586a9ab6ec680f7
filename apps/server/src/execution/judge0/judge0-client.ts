import { z } from "zod";

export interface Judge0ClientOptions {
  url: string;
  authHeader: string;
  authToken?: string;
  /** Per HTTP request. */
  timeoutMs?: number;
}

/** An HTTP failure talking to Judge0; `status` is absent when it could not be reached. */
export class Judge0HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "Judge0HttpError";
  }
}

const zLanguages = z.array(z.object({ id: z.number().int(), name: z.string(), is_archived: z.boolean().optional() }));
const zToken = z.object({ token: z.string().min(1) });
const zSubmission = z.object({
  status: z.object({ id: z.number().int(), description: z.string() }),
  stdout: z.string().nullish(),
  stderr: z.string().nullish(),
  compile_output: z.string().nullish(),
  message: z.string().nullish(),
  time: z.union([z.string(), z.number()]).nullish(),
  memory: z.number().nullish(),
  exit_code: z.number().int().nullish(),
});
export type TJudge0Language = z.infer<typeof zLanguages>[number];
export type TJudge0Submission = z.infer<typeof zSubmission>;

const FIELDS = "stdout,stderr,compile_output,message,status,time,memory,exit_code";

/** Encodes text the way Judge0 expects with base64_encoded=true. */
export const toBase64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
/** Decodes a base64 field of a Judge0 answer (null stays null). */
export const fromBase64 = (text: string | null | undefined) => (text == null ? null : Buffer.from(text, "base64").toString("utf8"));

/** Judge0's REST API: always base64, submissions created without waiting and then polled. */
export class Judge0Client {
  private readonly base: string;

  constructor(private readonly opts: Judge0ClientOptions) {
    this.base = opts.url.replace(/\/+$/, "");
  }

  private async request<T>(method: "GET" | "POST", pathAndQuery: string, schema: z.ZodType<T>, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.opts.authToken) headers[this.opts.authHeader] = this.opts.authToken;
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 10_000);
    let res: Response;
    try {
      res = await fetch(`${this.base}${pathAndQuery}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new Judge0HttpError(`Judge0 could not be reached: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new Judge0HttpError(`Judge0 answered ${res.status}: ${text.slice(0, 200)}`, res.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Judge0HttpError(`Judge0 sent an unexpected answer to ${method} ${pathAndQuery.split("?")[0]}`);
    return parsed.data;
  }

  languages(): Promise<TJudge0Language[]> {
    return this.request("GET", "/languages", zLanguages);
  }

  async submit(job: { languageId: number; code: string; stdin: string }, signal?: AbortSignal): Promise<string> {
    const body = { language_id: job.languageId, source_code: toBase64(job.code), stdin: toBase64(job.stdin) };
    const { token } = await this.request("POST", "/submissions?base64_encoded=true&wait=false", zToken, body, signal);
    return token;
  }

  get(token: string, signal?: AbortSignal): Promise<TJudge0Submission> {
    return this.request("GET", `/submissions/${encodeURIComponent(token)}?base64_encoded=true&fields=${FIELDS}`, zSubmission, undefined, signal);
  }
}
