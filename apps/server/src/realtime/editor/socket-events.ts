import type { z } from "zod";
import type { TErrorCode } from "@coderoom/shared/error-codes";
import { realtimeMessages } from "@coderoom/shared/messages";
import { roomEvents, type TAck, type TRoomError } from "@coderoom/shared/schemas/realtime";
import { AppError } from "../../http/errors";
import type { EditorSocket } from "./editor-extension";

type AckFn = (answer: TAck<unknown>) => void;

const loggers = new WeakMap<object, (err: unknown, msg: string) => void>();
/** Where handler errors of this namespace are logged. */
export function setHandlerErrorLog(nsp: object, log: (err: unknown, msg: string) => void): void {
  loggers.set(nsp, log);
}

/** A refusal a handler throws: sent to the client as its ack or a `room:error`. */
export class Refusal extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** Tells one socket that its `event` was refused: through its ack when it gave one, else `room:error`. */
export function refuse(socket: EditorSocket, event: string, code: TErrorCode, message: string, ack?: AckFn): void {
  if (ack) {
    ack({ ok: false, code, message });
    return;
  }
  const error: TRoomError = { event, code, message };
  socket.emit(roomEvents.error, error);
}

interface HandlerOptions<S extends z.ZodType | null> {
  /** Payload schema; null for events without a payload (any payload is then ignored). */
  schema: S;
  /** Allowed before `join` (only `verifyUniqueUser`, `join` and `kickAction`). */
  beforeJoin?: boolean;
  /** Refuse silently (legacy events whose original server never answered). */
  quiet?: boolean;
  /** Turns a value the schema refused into a specific refusal (e.g. size → payload_too_large). */
  explain?: (issues: z.core.$ZodIssue[]) => Refusal | null;
  /**
   * Later events of this socket wait until this one is handled (`join`): a client may
   * send its first edit as soon as it has sent `join`, before the server has finished it.
   */
  gate?: boolean;
}

/** Per socket, the gating event still being handled; the others queue behind it in arrival order. */
const gates = new WeakMap<EditorSocket, Promise<void>>();

type Payload<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Registers a validated handler: picks the ack callback off the arguments, refuses
 * events before `join`, parses the payload with the shared schema, and turns thrown
 * Refusals (and any other error) into an answer instead of a crash.
 */
export function handle<S extends z.ZodType | null>(
  socket: EditorSocket,
  event: string,
  opts: HandlerOptions<S>,
  fn: (payload: Payload<S>, ack: (data?: unknown) => void) => unknown,
): void {
  socket.on(event, (...args: unknown[]) => {
    const gate = gates.get(socket);
    if (gate) {
      const queued = gate.then(() => dispatch(args));
      if (opts.gate) track(queued);
      return;
    }
    const result = dispatch(args);
    if (opts.gate) track(result);
  });

  /** `done` never rejects (dispatch answers every error). */
  function track(done: Promise<void>) {
    gates.set(socket, done);
    void done.then(() => {
      if (gates.get(socket) === done) gates.delete(socket);
    });
  }

  /** Handles one event; resolves once the handler has finished (never rejects). */
  async function dispatch(args: unknown[]): Promise<void> {
    const last = args[args.length - 1];
    const ackFn = typeof last === "function" ? (last as AckFn) : undefined;
    if (ackFn) args.pop();
    const fail = (r: Refusal) => (opts.quiet && !ackFn ? undefined : refuse(socket, event, r.code, r.message, ackFn));
    if (!opts.beforeJoin && !socket.data.roomId) return fail(new Refusal("not_joined", realtimeMessages.notJoined));
    let payload: unknown = undefined;
    if (opts.schema) {
      const parsed = opts.schema.safeParse(args[0]);
      if (!parsed.success) {
        return fail(opts.explain?.(parsed.error.issues) ?? new Refusal("validation_failed", realtimeMessages.invalidPayload));
      }
      payload = parsed.data;
    }
    const ok = (data?: unknown) => ackFn?.(data === undefined ? { ok: true } : { ok: true, data });
    const onError = (err: unknown) => {
      if (err instanceof Refusal) return fail(err);
      // A domain service's own refusal (404, 429 ...) keeps its code and message.
      if (err instanceof AppError && err.statusCode < 500) return fail(new Refusal(err.code, err.message));
      loggers.get(socket.nsp)?.(err, `editor event ${event} failed`);
      fail(new Refusal("internal_error", realtimeMessages.internal));
    };
    try {
      await fn(payload as Payload<S>, ok);
    } catch (err) {
      onError(err);
    }
  }
}

/**
 * Per-socket token bucket over every incoming event: a flood is dropped (the sender
 * is told once a second) and never reaches the handlers.
 */
export function rateLimit(socket: EditorSocket, opts: { perSecond: number; burst: number }): void {
  let tokens = opts.burst;
  let last = Date.now();
  let toldAt = 0;
  socket.use((packet, next) => {
    const now = Date.now();
    tokens = Math.min(opts.burst, tokens + ((now - last) / 1000) * opts.perSecond);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      return next();
    }
    const ack = packet[packet.length - 1];
    if (typeof ack === "function") (ack as AckFn)({ ok: false, code: "rate_limited", message: realtimeMessages.rateLimited });
    else if (now - toldAt > 1000) {
      toldAt = now;
      refuse(socket, String(packet[0]), "rate_limited", realtimeMessages.rateLimited);
    }
  });
}
