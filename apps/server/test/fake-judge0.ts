import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake saw, for assertions. */
export interface FakeJudge0Log {
  /** `at` when it arrived and `doneAt` when its verdict was first answered (Date.now()): when each run was in flight. */
  submissions: { query: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown>; code: string; at: number; doneAt?: number }[];
  polls: { token: string; query: string }[];
}

export interface FakeJudge0 {
  url: string;
  log: FakeJudge0Log;
  /** Makes the next POST /submissions answer 503 (queue full). */
  failNextSubmit(status: number): void;
  /** While down, GET /languages answers 500 (a cluster that is not up yet). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** A Judge0 CE-like language list: several C versions, an extra-set Python, an archived one, one we don't know. */
export const FAKE_LANGUAGES = [
  { id: 48, name: "C (GCC 7.4.0)" },
  { id: 50, name: "C (GCC 9.2.0)" },
  { id: 105, name: "C++ (GCC 14.1.0)" },
  { id: 70, name: "Python (2.7.17)" },
  { id: 71, name: "Python (3.8.1)" },
  { id: 92, name: "Python (3.11.2)" },
  { id: 46, name: "Bash (5.0.0)" },
  { id: 63, name: "JavaScript (Node.js 12.14.0)", is_archived: true },
  { id: 44, name: "Executable" },
];

/** A source containing SLOW_RUN stays "Processing" this long after its submission. */
export const FAKE_SLOW_RUN_MS = 1500;

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const unb64 = (text: unknown) => (typeof text === "string" ? Buffer.from(text, "base64").toString("utf8") : "");

/** The verdict for a source: markers in the code pick the outcome, otherwise it echoes stdin. */
function judge(languageId: number, code: string, stdin: string): Record<string, unknown> {
  if (code.includes("COMPILE_ERROR")) {
    return { status: { id: 6, description: "Compilation Error" }, compile_output: b64("main.c:1: error: expected ';'\n"), time: null, memory: null, exit_code: null };
  }
  if (code.includes("INTERNAL_ERROR")) {
    return { status: { id: 13, description: "Internal Error" }, message: b64("box failed"), time: null, memory: null, exit_code: null };
  }
  const stdout = `lang ${languageId}: ${code.length} chars\n${stdin}`;
  return { status: { id: 3, description: "Accepted" }, stdout: b64(stdout), stderr: null, compile_output: null, time: "0.012", memory: 3120, exit_code: 0 };
}

/**
 * A local Judge0-compatible HTTP server: base64 only, submissions are answered
 * "In Queue", then "Processing", then the verdict, so a client has to poll.
 */
export async function startFakeJudge0(opts: { authHeader?: string; authToken?: string } = {}): Promise<FakeJudge0> {
  const log: FakeJudge0Log = { submissions: [], polls: [] };
  const jobs = new Map<string, { polls: number; verdict: Record<string, unknown>; readyAt: number; entry: FakeJudge0Log["submissions"][number] }>();
  let failStatus: number | null = null;
  let down = false;
  let next = 1;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (opts.authToken && req.headers[(opts.authHeader ?? "X-Auth-Token").toLowerCase()] !== opts.authToken) {
      return send(401, { error: "Authentication failed." });
    }
    if (req.method === "GET" && url.pathname === "/languages") return down ? send(500, { error: "starting" }) : send(200, FAKE_LANGUAGES);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (url.searchParams.get("base64_encoded") !== "true") return send(400, { error: "this fake only speaks base64" });
      if (req.method === "POST" && url.pathname === "/submissions") {
        if (failStatus) {
          const status = failStatus;
          failStatus = null;
          return send(status, { error: "queue is full" });
        }
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
        const token = `token-${next++}`;
        const code = unb64(body.source_code);
        const entry = { query: url.search, headers: req.headers, body, code, at: Date.now() };
        log.submissions.push(entry);
        const readyAt = Date.now() + (code.includes("SLOW_RUN") ? FAKE_SLOW_RUN_MS : 0);
        jobs.set(token, { polls: 0, verdict: judge(Number(body.language_id), code, unb64(body.stdin)), readyAt, entry });
        return send(201, { token });
      }
      const match = /^\/submissions\/([\w-]+)$/.exec(url.pathname);
      const job = match ? jobs.get(match[1]!) : undefined;
      if (req.method === "GET" && match && job) {
        log.polls.push({ token: match[1]!, query: url.search });
        job.polls += 1;
        if (job.polls === 1) return send(200, { status: { id: 1, description: "In Queue" }, stdout: null, time: null, memory: null });
        if (job.polls === 2 || Date.now() < job.readyAt) return send(200, { status: { id: 2, description: "Processing" }, stdout: null, time: null, memory: null });
        job.entry.doneAt ??= Date.now();
        return send(200, job.verdict);
      }
      send(404, { error: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    failNextSubmit: (status) => (failStatus = status),
    setDown: (value) => (down = value),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
