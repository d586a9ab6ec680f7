import type { Hocuspocus } from "@hocuspocus/server";
import type IORedis from "ioredis";
import * as Y from "yjs";
import type { Db } from "../../db/client";
import { loadDocUpdates } from "./doc-store";
import { FLUSH_MS } from "./persistence-extension";

/**
 * When to read the stored updates after Redis is back: once every process has flushed what
 * it held at the reconnect (a little more than one flush period), and once more a few
 * seconds later for processes that reconnected or flushed late.
 */
const CATCH_UP_AFTER_MS = [FLUSH_MS + 300, 5_000];

/**
 * The Redis relay forwards updates only while a process is connected: what other
 * processes published during an outage never reaches this one, and nothing asks for it
 * again. Every process stores every update it holds, so after an outage each loaded
 * document re-reads its stored updates and applies them (Yjs applies an update once, so
 * repeating is harmless). The origin is null, as for any server-side change: what was new
 * goes to this process's clients, is stored by the persistence extension, and the relay
 * publishes it to the other processes.
 */
export function catchUpAfterRedisOutage(
  clients: IORedis[],
  hocuspocus: Hocuspocus,
  db: Db,
  log: (err: unknown, msg: string) => void,
): { stop(): void } {
  let timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const catchUp = async () => {
    for (const document of [...hocuspocus.documents.values()]) {
      if (stopped) return;
      try {
        const stored = await loadDocUpdates(db, document.name);
        if (!stored || document.isDestroyed) continue;
        document.transact(() => stored.forEach((u) => Y.applyUpdate(document, u)), null);
      } catch (err) {
        log(err, "could not catch up a document after a Redis outage");
      }
    }
  };
  const schedule = () => {
    if (stopped) return;
    for (const t of timers) clearTimeout(t);
    timers = CATCH_UP_AFTER_MS.map((ms) => setTimeout(() => void catchUp(), ms));
  };

  for (const client of clients) {
    let lost = false;
    const drop = () => {
      lost = true;
    };
    client.on("close", drop);
    client.on("end", drop);
    client.on("error", drop);
    client.on("ready", () => {
      if (!lost) return;
      lost = false;
      schedule();
    });
  }

  return {
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
    },
  };
}
