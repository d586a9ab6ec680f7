import { randomUUID } from "node:crypto";
import {
  IncomingMessage,
  MessageReceiver,
  OutgoingMessage,
  type Document,
  type Extension,
  type afterLoadDocumentPayload,
  type afterUnloadDocumentPayload,
  type beforeBroadcastStatelessPayload,
  type onAwarenessUpdatePayload,
  type onChangePayload,
} from "@hocuspocus/server";
import type IORedis from "ioredis";
import * as encoding from "lib0/encoding";
import { messageYjsSyncStep2 } from "y-protocols/sync";

/**
 * The origin of what the relay applies: its onChange does not publish it again (the
 * persistence extension, which stores in onChange, still stores it). It is the origin
 * Hocuspocus gives its own Redis extension's updates, for which it schedules no debounced
 * store: that store would keep a document that other processes edit from ever unloading
 * here (hocuspocus-hooks.test.ts checks it).
 */
export const RELAY_ORIGIN = "__hocuspocus__redis__origin__";

export interface RedisRelayOptions {
  pub: IORedis;
  /** A client of its own: a subscribed client cannot publish. */
  sub: IORedis;
  /** A document's channel is `${prefix}:${documentName}`. */
  prefix: string;
  log: (err: unknown, msg: string) => void;
}

/**
 * Carries each document's changes, awareness and stateless broadcasts between the processes
 * that have it loaded, over Redis pub/sub: a channel per document, each message a process id
 * and a Hocuspocus message (as @hocuspocus/extension-redis frames them).
 *
 * Every change is published as itself: one hop. (@hocuspocus/extension-redis publishes the
 * state vector instead; the others answer with a diff and their own state vector, and only
 * then is the update sent: three hops per keystroke, and a state-vector diff over the whole
 * document on each side.) State vectors are exchanged only when a process loads a document,
 * to get what the others hold and it lacks. What is missed during a Redis outage is caught
 * up from the database (redis-outage-catch-up.ts).
 */
export function redisRelay({ pub, sub, prefix, log }: RedisRelayOptions): Extension {
  // Every message starts with its process's id: Redis delivers a process its own messages too.
  const id = Buffer.from(`relay-${randomUUID()}`);
  const header = Buffer.concat([Buffer.from([id.length]), id]);
  const channel = (documentName: string) => `${prefix}:${documentName}`;
  /** The documents subscribed to, by name (including one still finishing its load). */
  const documents = new Map<string, Document>();
  let closed = false;
  // ioredis queues commands while Redis is down: one fails when its client was closed, or on an error from Redis.
  const failed = (msg: string) => (err: unknown) => {
    if (!closed) log(err, msg);
  };

  const publish = (documentName: string, message: Uint8Array) => {
    if (closed) return;
    pub.publish(channel(documentName), Buffer.concat([header, message])).catch(failed("could not publish a document message to Redis"));
  };

  sub.on("messageBuffer", (_channel: Buffer, data: Buffer) => {
    if (data.subarray(1, 1 + data[0]!).equals(id)) return;
    try {
      const message = new IncomingMessage(data.subarray(1 + data[0]!));
      const documentName = message.readVarString();
      const document = documents.get(documentName);
      if (!document || document.isDestroyed) return;
      // MessageReceiver writes its answer after the document name, as a client connection's does.
      message.writeVarString(documentName);
      new MessageReceiver(message, RELAY_ORIGIN).apply(document, undefined, (reply) => publish(documentName, reply));
    } catch (err) {
      log(err, "could not apply a document message from Redis");
    }
  });

  return {
    extensionName: "coderoom-redis-relay",

    async afterLoadDocument({ documentName, document }: afterLoadDocumentPayload) {
      documents.set(documentName, document);
      // Not awaited: a document opens while Redis is down, and syncs once it is back.
      sub
        .subscribe(channel(documentName))
        .then(() => {
          // The others answer with what they hold that this process lacks, and with their awareness.
          publish(documentName, new OutgoingMessage(documentName).createSyncMessage().writeFirstSyncStepFor(document).toUint8Array());
          publish(documentName, new OutgoingMessage(documentName).writeQueryAwareness().toUint8Array());
        })
        .catch(failed("could not subscribe to a document's Redis channel"));
    },

    async onChange({ documentName, update, transactionOrigin }: onChangePayload) {
      if (transactionOrigin === RELAY_ORIGIN) return;
      // Framed as SyncStep2, whose payload is an update like messageYjsUpdate's: MessageReceiver
      // applies a SyncStep2 with the relay's origin, a messageYjsUpdate with the connection's (none here).
      const message = new OutgoingMessage(documentName).createSyncMessage();
      encoding.writeVarUint(message.encoder, messageYjsSyncStep2);
      encoding.writeVarUint8Array(message.encoder, update);
      publish(documentName, message.toUint8Array());
    },

    async onAwarenessUpdate({ documentName, document, awareness, added, updated, removed }: onAwarenessUpdatePayload) {
      // A process without clients on the document has no awareness of its own to tell, but
      // its last client's leaving (a removal), so the others drop that cursor at once.
      if (document.connections.size === 0 && removed.length === 0) return;
      const changed = [...added, ...updated, ...removed];
      publish(documentName, new OutgoingMessage(documentName).createAwarenessUpdateMessage(awareness, changed).toUint8Array());
    },

    async beforeBroadcastStateless({ documentName, payload }: beforeBroadcastStatelessPayload) {
      publish(documentName, new OutgoingMessage(documentName).writeBroadcastStateless(payload).toUint8Array());
    },

    async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload) {
      // A load that started since has registered a live document: its subscription stays.
      if (closed || !documents.get(documentName)?.isDestroyed) return;
      documents.delete(documentName);
      sub.unsubscribe(channel(documentName)).catch(failed("could not unsubscribe from a document's Redis channel"));
    },

    async onDestroy() {
      closed = true;
      pub.disconnect();
      sub.disconnect();
    },
  };
}
