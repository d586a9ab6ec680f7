import net from "node:net";
import { runStatus, type TRunResult } from "@coderoom/shared/schemas/run";
import { encodeFrame, LineReader, parseFrame, PROTOCOL_VERSION, zRunnerFrame, type ClientFrame, type RunnerFrame } from "../runner/protocol";
import { staticCatalog, type CatalogLanguage, type LanguageCatalog } from "./language-catalog";
import { bareResult } from "./run-result";
import type { OutputChunk, RunJob, RunOptions, Runner } from "./runner";

/** What a run answers when the runner process died under it: not counted (status 13), and the user may simply run again. */
export const RUNNER_LOST_MESSAGE = "The code runner stopped during this run and was restarted. This run was not counted; please run it again.";
export const RUNNER_RESTARTING = "Code execution is restarting; please try again in a moment.";

interface Pending {
  resolve: (result: TRunResult) => void;
  onOutput?: (chunk: OutputChunk) => void;
}

type Status = Extract<RunnerFrame, { t: "status" }>;

/**
 * The web process's side of the runner: a Runner whose jobs run in the runner process,
 * reached over its Unix socket. When the connection drops (the runner died), every run
 * in flight ends with an Internal Error that is not counted, and it reconnects to the
 * restarted runner.
 */
export class SocketRunner implements Runner {
  private socket: net.Socket | null = null;
  private status: Status | null = null;
  private catalog: LanguageCatalog = staticCatalog([]);
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly connectedWaiters: (() => void)[] = [];

  private constructor(
    private readonly socketPath: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /**
   * Connects, waiting up to `waitMs` for the runner to come up and say what it offers.
   * A runner that takes longer (a first start probing every toolchain) does not stop the
   * server: runs answer "restarting" until it is there, and its languages appear then.
   */
  static async connect(socketPath: string, log: { warn(obj: object, msg: string): void }, waitMs = 60_000): Promise<SocketRunner> {
    const runner = new SocketRunner(socketPath, log);
    runner.open();
    await runner.waitForStatus(waitMs).catch((err: Error) => log.warn({}, `${err.message}; serving without code execution until it does`));
    return runner;
  }

  get kind(): "sandbox" | "judge0" {
    return this.status?.kind ?? "sandbox";
  }

  /** The languages the runner offered in its last hello (none while it is down). */
  readonly languages: LanguageCatalog = {
    list: () => (this.socket ? this.catalog.list() : []),
    get: (id) => (this.socket ? this.catalog.get(id) : undefined),
  };

  unavailableReason(): string | null {
    if (!this.socket || !this.status) return RUNNER_RESTARTING;
    return this.status.unavailableReason;
  }

  run(job: RunJob, opts: RunOptions = {}): Promise<TRunResult> {
    const socket = this.socket;
    if (!socket || !this.status) return Promise.resolve(bareResult(runStatus.internal, RUNNER_RESTARTING));
    const id = this.nextId++;
    return new Promise<TRunResult>((resolve) => {
      const onAbort = () => this.send({ t: "cancel", id });
      opts.signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        onOutput: opts.onOutput,
        resolve: (result) => {
          opts.signal?.removeEventListener("abort", onAbort);
          resolve(result);
        },
      });
      this.send({ t: "submit", id, job, stream: opts.onOutput !== undefined });
      if (opts.signal?.aborted) onAbort();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.socket?.destroy();
  }

  private send(frame: ClientFrame): void {
    this.socket?.write(encodeFrame(frame));
  }

  private waitForStatus(waitMs: number): Promise<void> {
    if (this.status) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the code runner did not answer on ${this.socketPath} within ${waitMs} ms`)), waitMs);
      this.connectedWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private open(): void {
    if (this.closed) return;
    const socket = net.createConnection(this.socketPath);
    const reader = new LineReader();
    socket.on("connect", () => socket.write(encodeFrame({ t: "hello", v: PROTOCOL_VERSION } satisfies ClientFrame)));
    socket.on("data", (chunk: Buffer) => {
      let lines: string[];
      try {
        lines = reader.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const line of lines) {
        const parsed = parseFrame(zRunnerFrame, line);
        if (parsed.ok) this.receive(socket, parsed.frame);
        else this.log.warn({ reason: parsed.reason }, "unreadable frame from the code runner");
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => this.lost(socket));
  }

  private receive(socket: net.Socket, frame: RunnerFrame): void {
    if (frame.t === "status") {
      this.status = frame;
      this.catalog = staticCatalog(frame.languages as CatalogLanguage[]);
      this.socket = socket;
      for (const waiter of this.connectedWaiters.splice(0)) waiter();
    } else if (frame.t === "output") {
      this.pending.get(frame.id)?.onOutput?.(frame.chunk);
    } else if (frame.t === "result") {
      const job = this.pending.get(frame.id);
      this.pending.delete(frame.id);
      job?.resolve(frame.result);
    } else {
      this.log.warn({ id: frame.id, reason: frame.reason }, "the code runner refused a frame");
      if (frame.id !== null) {
        const job = this.pending.get(frame.id);
        this.pending.delete(frame.id);
        job?.resolve(bareResult(runStatus.internal, "The code runner refused this run."));
      }
    }
  }

  /** The runner went away: fail what was in flight (uncounted) and reconnect. */
  private lost(socket: net.Socket): void {
    if (this.socket === socket || this.socket === null) {
      this.socket = null;
      for (const job of this.pending.values()) job.resolve(bareResult(runStatus.internal, RUNNER_LOST_MESSAGE));
      this.pending.clear();
    }
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => this.open(), 200);
  }
}
