import type { Socket } from "socket.io";
import type { z } from "zod";
import type { TErrorCode } from "@coderoom/shared/error-codes";
import { realtimeMessages } from "@coderoom/shared/messages";
import {
  clientEventSchemas,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TAckCallback,
  type TClientAcks,
  type TClientEvent,
  type TParsedPayload,
} from "@coderoom/shared/schemas/editor-events";
import { roomEvents, type TRoomError } from "@coderoom/shared/schemas/realtime";
import { AppError } from "../http/errors";

/** A refusal a handler throws: sent to the client as its ack, else as `room:error`. */
export class Refusal extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** Any socket that speaks the `/editor` contract (whatever it keeps in `socket.data`). */
export type ContractSocket = Socket<ClientToServerEvents, ServerToClientEvents, any, any>;

export interface HandleOptions {
  /** Allowed before `join` (the handler checks membership itself, if it needs one). */
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

/** Acknowledges success, with the event's ack data when it has some. */
export type Ok<E extends TClientEvent> = TClientAcks[E] extends undefined ? () => void : (data: TClientAcks[E]) => void;

/**
 * Registers the handler of one client event: its payload is parsed with the contract's
 * schema, refusals (thrown `Refusal`s and domain `AppError`s under 500) and failures are
 * answered with a stable code, and `ok` acknowledges.
 */
export type Handle = <E extends TClientEvent>(
  event: E,
  opts: HandleOptions,
  fn: (payload: TParsedPayload<E>, ok: Ok<E>) => unknown,
) => void;

export interface SocketHandlersOptions {
  /** Has this socket joined a room? Events not marked `beforeJoin` are refused until then. */
  joined: () => boolean;
  /** Where unexpected handler errors are logged. */
  log: (err: unknown, msg: string) => void;
  /** Per-socket flood guard over every incoming event. */
  rate: { perSecond: number; burst: number };
}

type AnyAck = TAckCallback<unknown>;

/** Tells one socket that its `event` was refused: through its ack when it gave one, else `room:error`. */
function refuse(socket: ContractSocket, event: string, refusal: { code: TErrorCode; message: string }, ack?: AnyAck): void {
  if (ack) return ack({ ok: false, code: refusal.code, message: refusal.message });
  const error: TRoomError = { event, code: refusal.code, message: refusal.message };
  socket.emit(roomEvents.error, error);
}

/**
 * The one way to handle client events on a socket: installs the rate limit and returns
 * `handle` for the socket's extensions. Handlers of one socket run in arrival order
 * behind a gating event (`join`); those of different sockets run independently.
 */
export function socketHandlers(socket: ContractSocket, opts: SocketHandlersOptions): Handle {
  rateLimit(socket, opts.rate);
  /** The gating event still being handled; the others queue behind it in arrival order. */
  let gate: Promise<void> | undefined;
  const track = (done: Promise<void>) => {
    gate = done;
    void done.then(() => {
      if (gate === done) gate = undefined;
    });
  };

  return (event, handlerOpts, fn) => {
    const schema: z.ZodType | null = clientEventSchemas[event];
    /** Handles one event; resolves once the handler has finished (never rejects). */
    const dispatch = async (args: unknown[]): Promise<void> => {
      const last = args[args.length - 1];
      const ack = typeof last === "function" ? (last as AnyAck) : undefined;
      if (ack) args.pop();
      const fail = (r: Refusal) => (handlerOpts.quiet && !ack ? undefined : refuse(socket, event, r, ack));
      if (!handlerOpts.beforeJoin && !opts.joined()) return fail(new Refusal("not_joined", realtimeMessages.notJoined));
      let payload: unknown = undefined;
      if (schema) {
        const parsed = schema.safeParse(args[0]);
        if (!parsed.success) {
          return fail(handlerOpts.explain?.(parsed.error.issues) ?? new Refusal("validation_failed", realtimeMessages.invalidPayload));
        }
        payload = parsed.data;
      }
      const ok = (data?: unknown) => ack?.(data === undefined ? { ok: true } : { ok: true, data });
      try {
        await fn(payload as TParsedPayload<typeof event>, ok as Ok<typeof event>);
      } catch (err) {
        if (err instanceof Refusal) return fail(err);
        // A domain service's own refusal (404, 429 ...) keeps its code and message.
        if (err instanceof AppError && err.statusCode < 500) return fail(new Refusal(err.code, err.message));
        opts.log(err, `socket event ${event} failed`);
        fail(new Refusal("internal_error", realtimeMessages.internal));
      }
    };
    // The typed listener would hide what a hostile client really sends: every argument is checked above.
    (socket as unknown as Socket).on(event as string, (...args: unknown[]) => {
      const queued = gate ? gate.then(() => dispatch(args)) : dispatch(args);
      if (handlerOpts.gate) track(queued);
    });
  };
}

/**
 * Per-socket token bucket over every incoming event: a flood is dropped (the sender
 * is told once a second) and never reaches the handlers.
 */
function rateLimit(socket: ContractSocket, rate: { perSecond: number; burst: number }): void {
  let tokens = rate.burst;
  let last = Date.now();
  let toldAt = 0;
  socket.use((packet, next) => {
    const now = Date.now();
    tokens = Math.min(rate.burst, tokens + ((now - last) / 1000) * rate.perSecond);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      return next();
    }
    const ack = packet[packet.length - 1];
    const refusal = { code: "rate_limited" as const, message: realtimeMessages.rateLimited };
    if (typeof ack === "function") (ack as AnyAck)({ ok: false, ...refusal });
    else if (now - toldAt > 1000) {
      toldAt = now;
      refuse(socket, String(packet[0]), refusal);
    }
  });
}
