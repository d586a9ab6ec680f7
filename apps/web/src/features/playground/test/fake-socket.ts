import { act } from "@testing-library/react";

type THandler = (...args: any[]) => void;

/** One event the page sent to the server. */
export interface TSent {
  event: string;
  payload: unknown;
}

/**
 * A stand-in for socket.io-client's Socket (the network boundary): records what the
 * client emits, lets a test play the server (reply to acks, push events) and drive
 * connect / disconnect.
 */
export class FakeSocket {
  connected = false;
  active = true;
  readonly sent: TSent[] = [];
  private handlers = new Map<string, Set<THandler>>();
  /** Server-side behaviour per client event: the return value answers the ack. */
  readonly server = new Map<string, (payload: unknown, socket: FakeSocket) => unknown>();

  on(event: string, handler: THandler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  once(event: string, handler: THandler) {
    const wrapped: THandler = (...args) => {
      this.off(event, wrapped);
      handler(...args);
    };
    return this.on(event, wrapped);
  }

  off(event: string, handler?: THandler) {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const ack = typeof args.at(-1) === "function" ? (args.pop() as THandler) : undefined;
    const payload = args[0];
    this.sent.push({ event, payload });
    const behaviour = this.server.get(event);
    if (behaviour) {
      const answer = behaviour(payload, this);
      if (ack && answer !== undefined) queueMicrotask(() => act(() => ack(answer)));
    }
    return this;
  }

  timeout() {
    return {
      emitWithAck: (event: string, payload?: unknown) =>
        new Promise((resolve) => {
          this.emit(event, payload, resolve);
        }),
    };
  }

  connect() {
    this.connected = true;
    this.fire("connect");
    return this;
  }

  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }

  /** The server (or the network) drops the connection; the client will retry. */
  drop(reason = "transport close") {
    this.connected = false;
    this.fire("disconnect", reason);
  }

  /** The server pushes an event to this client. */
  push(event: string, ...args: unknown[]) {
    act(() => this.fire(event, ...args));
  }

  sentEvents(event: string): unknown[] {
    return this.sent.filter((s) => s.event === event).map((s) => s.payload);
  }

  private fire(event: string, ...args: unknown[]) {
    [...(this.handlers.get(event) ?? [])].forEach((h) => h(...args));
  }
}
