import type { Duplex } from "node:stream";
import { IncomingMessage, MessageType } from "@hocuspocus/server";
import { WebSocket, type RawData } from "ws";
import { corkUntilTurnEnds } from "../cork-until-turn-ends";

const SYNC_UPDATE = 2;
/** Update frames a client may have in flight (read, not yet broadcast) that we still recognise. */
const REMEMBERED = 8;

/**
 * The websocket of a `/collab` connection: ws's own, given to WebSocketServer through its
 * `WebSocket` option (a class that extends ws's WebSocket). It changes two things in sending:
 *
 * - **No echo.** Hocuspocus sends each update to every connection of the document, the one
 *   it came from too, although that client already has it (its SyncStatus acknowledgement is
 *   a separate message). With five typists a room that echo is a fifth of all frames. So a
 *   frame byte-identical to an update this client sent, and not yet seen going back to it, is
 *   not sent: it holds nothing the client lacks.
 * - **One write per turn.** The frames sent in one event-loop turn leave in one write (one
 *   syscall) once the turn ends, instead of one write each: the first frame corks the socket
 *   ws writes to (`writesTo`) until the turn ends (cork-until-turn-ends.ts).
 */
export class CollabSocket extends WebSocket {
  readonly #sentUpdates: Buffer[] = [];
  #socket: Duplex | undefined;

  // ws constructs it as `new WebSocket(null, undefined, options)`; `any` matches all of ws's overloads.
  constructor(...args: any[]) {
    super(...(args as ConstructorParameters<typeof WebSocket>));
    this.on("message", (data: RawData) => {
      if (!Buffer.isBuffer(data) || !isSyncUpdate(data)) return;
      if (this.#sentUpdates.push(data) > REMEMBERED) this.#sentUpdates.shift();
    });
  }

  /** The upgraded socket that ws writes this connection's frames to. */
  writesTo(socket: Duplex): void {
    this.#socket = socket;
  }

  override send(data: unknown, options?: unknown, cb?: unknown): void {
    const echo = data instanceof Uint8Array ? this.#sentUpdates.findIndex((sent) => sent.equals(data)) : -1;
    if (echo !== -1) {
      this.#sentUpdates.splice(echo, 1);
      const done = typeof options === "function" ? options : cb;
      if (typeof done === "function") process.nextTick(done);
      return;
    }
    if (this.#socket) corkUntilTurnEnds(this.#socket);
    (super.send as (...args: unknown[]) => void)(data, options, cb);
  }
}

/** A Hocuspocus sync frame carrying a document update: document name, Sync, Update. */
function isSyncUpdate(frame: Buffer): boolean {
  try {
    const message = new IncomingMessage(frame);
    message.readVarString();
    return message.readVarUint() === MessageType.Sync && message.readVarUint() === SYNC_UPDATE;
  } catch {
    return false;
  }
}
