import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TAssistantMessage } from "@coderoom/shared/schemas/assistant";
import { rooms } from "../../db/schema/rooms";
import { createUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { generateRoomId } from "../rooms/room-id";
import { recentExchanges, saveExchanges } from "./conversation-store";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function roomWith(ownerId: string, exchanges: number, label: string) {
  const id = generateRoomId();
  await ctx.deps.db.db.insert(rooms).values({ id, name: label, languageId: 71, languageName: "Python", ownerId, code: "" });
  for (let i = 0; i < exchanges; i += 1) {
    // A question and its answer share their time, as the service saves them.
    const createdAt = new Date(Date.UTC(2026, 2, 10, 9, 0, i)).toISOString();
    const base = { action: "chat" as const, author: { id: ownerId, name: "Asker" }, status: "complete" as const, createdAt, applies: [], selectedText: null };
    const question: TAssistantMessage = { ...base, id: randomUUID(), role: "user", content: `${label} q${i}`, replyTo: null };
    const answer: TAssistantMessage = { ...base, id: randomUUID(), role: "assistant", content: `${label} a${i}`, replyTo: question.id };
    await saveExchanges(ctx.deps.db.db, [{ roomId: id, question, answer }]);
  }
  return id;
}

it("reads each room's own latest messages, oldest first, with their time, in one call for several rooms", async () => {
  const { user } = await createUser(ctx);
  const [a, b, empty] = [await roomWith(user.id, 8, "A"), await roomWith(user.id, 2, "B"), await roomWith(user.id, 0, "E")];
  const read = await recentExchanges(ctx.deps.db.db, [a, b, empty, "NOROOM"], 5);
  // The limit cuts A's third-to-last exchange in half (a prompt drops such a leading answer: prompt-history.ts).
  expect(read.get(a)!.map((m) => m.content)).toEqual(["A a5", "A q6", "A a6", "A q7", "A a7"]);
  expect(read.get(a)!.map((m) => new Date(m.at).getUTCSeconds())).toEqual([5, 6, 6, 7, 7]);
  expect(read.get(b)!.map((m) => `${m.role}:${m.content}:${m.author}`)).toEqual(["user:B q0:Asker", "assistant:B a0:Asker", "user:B q1:Asker", "assistant:B a1:Asker"]);
  expect(read.get(empty)).toEqual([]);
  expect(read.get("NOROOM")).toEqual([]);
});
