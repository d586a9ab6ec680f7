import { expect, it } from "vitest";
import type { TimedMessage } from "./conversation-store";
import { createPromptHistory } from "./prompt-history";

const exchange = (n: number, at = n * 1000): TimedMessage[] => [
  { role: "user", content: `q${n}`, author: "Asker", at },
  { role: "assistant", content: `a${n}`, author: "Asker", at },
];

/** A database stand-in: each room's stored messages, and how many reads reached it. */
function store(rooms: Record<string, TimedMessage[]>) {
  const reads: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  return {
    reads,
    rooms,
    /** Holds the next reads until `open()`. */
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => open();
    },
    async read(roomId: string, limit: number) {
      reads.push(roomId);
      const stored = [...(rooms[roomId] ?? [])];
      await gate;
      return stored.slice(-limit);
    },
  };
}

function historyOver(db: ReturnType<typeof store>, opts: { limit?: number; maxRooms?: number; maxAgeMs?: number; now?: () => number } = {}) {
  const limit = opts.limit ?? 4;
  return createPromptHistory({ read: (roomId) => db.read(roomId, limit), limit, maxRooms: opts.maxRooms ?? 10, maxAgeMs: opts.maxAgeMs ?? 60_000, now: opts.now });
}
const contents = (messages: { content: string }[]) => messages.map((m) => m.content);

it("reads a room once, then answers from what it kept", async () => {
  const db = store({ R: exchange(1) });
  const history = historyOver(db);
  expect(contents(await history.get("R"))).toEqual(["q1", "a1"]);
  expect(contents(await history.get("R"))).toEqual(["q1", "a1"]);
  expect(db.reads).toEqual(["R"]);
});

it("adds this process's saves in conversation order, keeps the latest, and never starts with an answer", async () => {
  const db = store({ R: exchange(1) });
  const history = historyOver(db, { limit: 5 });
  await history.get("R");
  history.saved("R", exchange(3));
  // Asked before the third, answered after it: it goes before it.
  history.saved("R", exchange(2));
  // Five kept of six: the first answer alone would lead, so the prompt starts at the second question.
  expect(contents(await history.get("R"))).toEqual(["q2", "a2", "q3", "a3"]);
  expect(db.reads).toEqual(["R"]);
});

it("a save before the room was read leaves the read to the database", async () => {
  const db = store({ R: exchange(1) });
  const history = historyOver(db);
  history.saved("R", exchange(2));
  db.rooms.R = [...exchange(1), ...exchange(2)];
  expect(contents(await history.get("R"))).toEqual(["q1", "a1", "q2", "a2"]);
});

it("a read that a save overtook serves its prompt but is not kept", async () => {
  const db = store({ R: exchange(1) });
  const history = historyOver(db);
  const open = db.hold();
  const reading = history.get("R");
  // Saved while the read was on its way: the read may or may not have seen it.
  history.saved("R", exchange(2));
  db.rooms.R = [...exchange(1), ...exchange(2)];
  open();
  expect(contents(await reading)).toEqual(["q1", "a1"]);
  expect(contents(await history.get("R"))).toEqual(["q1", "a1", "q2", "a2"]);
  expect(db.reads).toEqual(["R", "R"]);
});

it("a change elsewhere makes the room read again, as does a change during a read", async () => {
  const db = store({ R: exchange(1) });
  const history = historyOver(db);
  await history.get("R");
  db.rooms.R = [...exchange(1), ...exchange(2)];
  history.changed("R");
  expect(contents(await history.get("R"))).toEqual(["q1", "a1", "q2", "a2"]);

  const open = db.hold();
  history.changed("R");
  const reading = history.get("R");
  history.changed("R");
  open();
  await reading;
  await history.get("R");
  expect(db.reads).toEqual(["R", "R", "R", "R"]);
});

it("reads a room again once what it kept is older than maxAgeMs", async () => {
  let clock = 0;
  const db = store({ R: exchange(1) });
  const history = historyOver(db, { maxAgeMs: 1000, now: () => clock });
  await history.get("R");
  clock = 1000;
  await history.get("R");
  expect(db.reads).toEqual(["R"]);
  clock = 1001;
  await history.get("R");
  expect(db.reads).toEqual(["R", "R"]);
});

it("keeps only the rooms asked most recently", async () => {
  const db = store({ A: exchange(1), B: exchange(2), C: exchange(3) });
  const history = historyOver(db, { maxRooms: 2 });
  await history.get("A");
  await history.get("B");
  await history.get("A");
  // C pushes out B, the room asked least recently.
  await history.get("C");
  await history.get("A");
  await history.get("B");
  expect(db.reads).toEqual(["A", "B", "C", "B"]);
});
