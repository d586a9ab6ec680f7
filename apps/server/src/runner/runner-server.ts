import fs from "node:fs/promises";
import net from "node:net";
import type { Runner } from "../execution/runner";
import { encodeFrame, LineReader, MAX_JOBS_PER_CONNECTION, parseFrame, zClientFrame, type ClientFrame, type RunnerFrame } from "./protocol";

export interface RunnerServerOptions {
  runner: Runner;
  socketPath: string;
  /** The web process's uid: the only one (besides root) allowed to connect. */
  ownerUid?: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** Serves one connection: hello first, then jobs; everything of its jobs stops when it closes. */
function serveConnection(socket: net.Socket, opts: RunnerServerOptions): void {
  const { runner, log } = opts;
  const reader = new LineReader();
  const jobs = new Map<number, AbortController>();
  let greeted = false;
  const send = (frame: RunnerFrame) => {
    if (!socket.destroyed) socket.write(encodeFrame(frame));
  };
  const refuse = (id: number | null, reason: string) => {
    log.warn({ id, reason }, "runner refused a frame");
    send({ t: "refused", id, reason });
  };

  const handle = (frame: ClientFrame) => {
    if (frame.t === "hello") {
      greeted = true;
      send({ t: "status", kind: runner.kind, unavailableReason: runner.unavailableReason(), languages: runner.languages.list() });
      return;
    }
    if (!greeted) return refuse("id" in frame ? frame.id : null, "hello expected first");
    if (frame.t === "cancel") {
      const job = jobs.get(frame.id);
      if (!job) return refuse(frame.id, "no such job");
      job.abort();
      return;
    }
    if (jobs.has(frame.id)) return refuse(frame.id, "job id already in use");
    if (jobs.size >= MAX_JOBS_PER_CONNECTION) return refuse(frame.id, "too many jobs in flight");
    const controller = new AbortController();
    jobs.set(frame.id, controller);
    const onOutput = frame.stream ? (chunk: { stream: "stdout" | "stderr" | "compile_output"; data: string }) => send({ t: "output", id: frame.id, chunk }) : undefined;
    runner
      .run(frame.job, { signal: controller.signal, onOutput })
      .then((result) => send({ t: "result", id: frame.id, result }))
      .catch((err: unknown) => {
        log.error({ err }, "runner job failed");
        send({ t: "result", id: frame.id, result: { status: { id: 13, description: "Internal Error" }, stdout: null, stderr: "The runner failed to run this program.", compile_output: null, time: null, memory: null, exit_code: null } });
      })
      .finally(() => jobs.delete(frame.id));
  };

  socket.on("data", (chunk: Buffer) => {
    let lines: string[];
    try {
      lines = reader.push(chunk);
    } catch (err) {
      // The stream cannot be resynchronised: drop this connection only.
      refuse(null, (err as Error).message);
      socket.destroy();
      return;
    }
    for (const line of lines) {
      const parsed = parseFrame(zClientFrame, line);
      if (parsed.ok) handle(parsed.frame);
      else refuse(null, parsed.reason);
    }
  });
  socket.on("error", () => undefined);
  socket.on("close", () => {
    for (const job of jobs.values()) job.abort();
  });
}

/** Listens on the Unix socket (mode 0600, owned by the web process's uid). */
export async function serveRunner(opts: RunnerServerOptions): Promise<net.Server> {
  await fs.rm(opts.socketPath, { force: true });
  const server = net.createServer((socket) => serveConnection(socket, opts));
  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.socketPath, resolve);
    });
  } finally {
    process.umask(previous);
  }
  if (opts.ownerUid !== undefined) await fs.chown(opts.socketPath, opts.ownerUid, opts.ownerUid);
  return server;
}
