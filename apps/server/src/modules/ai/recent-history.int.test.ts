import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAssistantMessage } from "@coderoom/shared/schemas/assistant";
import { createUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { rooms } from "../../db/schema/rooms";
import { generateRoomId } from "../rooms/room-id";
import { loadConversation, saveExchanges } from "./conversation-store";
import { createRecentHistory } from "./recent-history";

let ctx: TestContext;
let author: { id: string; name: string };
beforeAll(async () => {
  ctx = await createTestApp();
  const { user } = await createUser(ctx);
  author = { id: user.id, name: user.fullName };
});
afterAll(() => ctx?.close());

async function newRoom(): Promise<string> {
  const id = generateRoomId();
  await ctx.deps.db.db.insert(rooms).values({ id, name: "History", languageId: 71, languageName: "Python", ownerId: author.id, code: "" });
  return id;
}
let minute = 0;
function exchange(roomId: string, text: string) {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, minute++)).toISOString();
  const base = { action: "chat" as const, author, status: "complete" as const, createdAt, applies: [], selectedText: null };
  const question: TAssistantMessage = { ...base, id: randomUUID(), role: "user", content: `${text}?`, replyTo: null };
  const answer: TAssistantMessage = { ...base, id: randomUUID(), role: "assistant", content: `${text}!`, replyTo: question.id };
  return { roomId, question, answer };
}
const contents = async (p: Promise<TAssistantMessage[]>) => (await p).map((m) => m.content);

function setup(shared: boolean) {
  const clock = { t: 0 };
  const history = createRecentHistory(ctx.deps.db.db, { size: 4, publicUrl: "http://localhost", now: () => clock.t, shared });
  return { clock, history };
}

describe("recent history for prompts", () => {
  it("alone, keeps its copy current by appending and does not re-read within minutes", async () => {
    const roomId = await newRoom();
    await saveExchanges(ctx.deps.db.db, [exchange(roomId, "one")]);
    const { clock, history } = setup(false);
    expect(await contents(history.get(roomId))).toEqual(["one?", "one!"]);
    // Saved behind this copy's back (no other process can, alone): not read again yet.
    await saveExchanges(ctx.deps.db.db, [exchange(roomId, "hidden")]);
    const mine = exchange(roomId, "two");
    await saveExchanges(ctx.deps.db.db, [mine]);
    history.append(roomId, mine.question, mine.answer);
    clock.t += 60_000;
    expect(await contents(history.get(roomId))).toEqual(["one?", "one!", "two?", "two!"]);
    // The safety net: re-read after five minutes.
    clock.t += 300_000;
    expect(await contents(history.get(roomId))).toEqual(["hidden?", "hidden!", "two?", "two!"]);
  });

  it("shared with other processes, re-reads after 15 s to see their answers", async () => {
    const roomId = await newRoom();
    const { clock, history } = setup(true);
    expect(await contents(history.get(roomId))).toEqual([]);
    await saveExchanges(ctx.deps.db.db, [exchange(roomId, "elsewhere")]);
    clock.t += 14_000;
    expect(await contents(history.get(roomId))).toEqual([]);
    clock.t += 1_000;
    expect(await contents(history.get(roomId))).toEqual(["elsewhere?", "elsewhere!"]);
  });

  it("keeps an answer that finishes while the panel's read is running, once", async () => {
    const roomId = await newRoom();
    const { history } = setup(false);
    const done = exchange(roomId, "racing");
    // The read starts before the answer is saved and appended...
    const read = loadConversation(ctx.deps.db.db, { roomId, limit: 50, publicUrl: "http://localhost" });
    history.seed(roomId, read);
    await saveExchanges(ctx.deps.db.db, [done]);
    history.append(roomId, done.question, done.answer);
    expect(await contents(history.get(roomId))).toEqual(["racing?", "racing!"]);
    // ... and when the read already has it, the append does not double it.
    const again = exchange(roomId, "again");
    await saveExchanges(ctx.deps.db.db, [again]);
    history.seed(roomId, loadConversation(ctx.deps.db.db, { roomId, limit: 50, publicUrl: "http://localhost" }));
    history.append(roomId, again.question, again.answer);
    expect(await contents(history.get(roomId))).toEqual(["racing?", "racing!", "again?", "again!"]);
  });
});
