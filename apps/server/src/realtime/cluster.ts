import type { TRunResult } from "@coderoom/shared/schemas/run";
import type { EditorNamespace } from "./editor/editor-extension";
import type { Member } from "./editor/room-members";

/** Things every server process must act on for its own sockets and documents. */
export interface ClusterEvents {
  roomChanged: { roomId: string };
  roomDeleted: { roomId: string };
  sessionsRevoked: { userId: string };
  kick: { roomId: string; userId: string };
  /** A finished run; `relayedBy` (a user id) when a member relayed it, not the server's own run. */
  terminal: { roomId: string; result: TRunResult; relayedBy?: string };
  /** A process saved to the room's assistant conversation. */
  conversationSaved: { roomId: string };
}

/** Questions every process answers for the others: what only it knows. */
export interface ClusterQueries {
  /** Its `/collab` connections to the room (presence members). */
  collabMembers: { ask: { roomId: string }; answer: Member[] };
  /** Aborts the room's run if it runs there: whether it did. */
  stopRun: { ask: { roomId: string; runId: string }; answer: boolean };
}

export interface Cluster {
  on<K extends keyof ClusterEvents>(kind: K, handler: (payload: ClusterEvents[K]) => void): void;
  /** Runs the handlers here and on every other process (through the Socket.IO adapter). */
  broadcast<K extends keyof ClusterEvents>(kind: K, payload: ClusterEvents[K]): void;
  /** Runs the handlers on every other process only (this one acted already). */
  tellOthers<K extends keyof ClusterEvents>(kind: K, payload: ClusterEvents[K]): void;
  /** Answers `ask(kind)` for the other processes. */
  answer<K extends keyof ClusterQueries>(kind: K, handler: (payload: ClusterQueries[K]["ask"]) => ClusterQueries[K]["answer"]): void;
  /** The other processes' answers: none on one process; when one is too slow, those that came. */
  ask<K extends keyof ClusterQueries>(kind: K, payload: ClusterQueries[K]["ask"]): Promise<Array<ClusterQueries[K]["answer"]>>;
}

/**
 * Cross-process fan-out over Socket.IO's server-side emit (carried by Redis with the
 * streams adapter; skipped with the in-memory adapter). Each process then acts on its
 * own sockets and documents, so nothing assumes a room lives on one process.
 */
export function createCluster(nsp: EditorNamespace, opts: { distributed: boolean; onError: (err: unknown) => void }): Cluster {
  const { onError } = opts;
  /** Each kind's handlers in this process (a kind may have several). */
  const handlers = new Map<string, Array<(payload: never) => void>>();
  const safe = (fn: (payload: never) => void) => (payload: never) => {
    try {
      fn(payload);
    } catch (err) {
      onError(err);
    }
  };
  const tellOthers = (kind: keyof ClusterEvents, payload: unknown) => {
    // The in-memory adapter does not support serverSideEmit (it warns): there is no other process to tell.
    if (opts.distributed) nsp.serverSideEmit(`cluster:${kind}`, payload);
  };
  return {
    on(kind, handler) {
      const h = safe(handler as (payload: never) => void);
      handlers.set(kind, [...(handlers.get(kind) ?? []), h]);
      (nsp as unknown as { on(event: string, fn: (payload: never) => void): void }).on(`cluster:${kind}`, h);
    },
    broadcast(kind, payload) {
      for (const h of handlers.get(kind) ?? []) h(payload as never);
      tellOthers(kind, payload);
    },
    tellOthers,
    answer(kind, handler) {
      (nsp as unknown as { on(event: string, fn: (payload: never, reply: (answer: unknown) => void) => void): void }).on(
        `cluster:ask:${kind}`,
        (payload, reply) => {
          try {
            reply(handler(payload));
          } catch (err) {
            onError(err);
            reply([]);
          }
        },
      );
    },
    async ask(kind, payload) {
      if (!opts.distributed) return [];
      try {
        return (await nsp.serverSideEmitWithAck(`cluster:ask:${kind}`, payload)) as never[];
      } catch (err) {
        onError(err);
        return ((err as { responses?: never[] }).responses ?? []) as never[];
      }
    },
  };
}
