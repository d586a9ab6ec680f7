import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { TAssistantApplyRecord, TAssistantMessage } from "@coderoom/shared/schemas/assistant";
import type { Db } from "../../db/client";
import { aiApplies, aiMessages } from "../../db/schema/ai";
import { rooms } from "../../db/schema/rooms";
import { users } from "../../db/schema/users";
import { avatarUrl } from "../storage/avatar-store";

type MessageRow = typeof aiMessages.$inferSelect;

export interface Exchange {
  roomId: string;
  question: TAssistantMessage;
  answer: TAssistantMessage;
}

function messageRow(roomId: string, m: TAssistantMessage) {
  return {
    id: m.id,
    roomId,
    role: m.role,
    action: m.action,
    content: m.content,
    authorId: m.author.id,
    authorName: m.author.name,
    replyTo: m.replyTo,
    selectedText: m.selectedText,
    status: m.status === "stopped" ? ("stopped" as const) : ("complete" as const),
    createdAt: new Date(m.createdAt),
  };
}

/**
 * Saves questions with their answers, in one statement: a failed save leaves nothing behind,
 * and a saved answer always has its question.
 */
export async function saveExchanges(db: Db, exchanges: Exchange[]): Promise<void> {
  await db.insert(aiMessages).values(exchanges.flatMap(({ roomId, question, answer }) => [messageRow(roomId, question), messageRow(roomId, answer)]));
}

export type PromptMessage = { role: "user" | "assistant"; content: string; author: string };
/** A message of a prompt's history, with when its question was asked (its place in the conversation). */
export type TimedMessage = PromptMessage & { at: number };

/**
 * Each room's latest `limit` messages for a prompt, oldest first: who said what, and when.
 * One statement for all the rooms (each read by its index), as questions come in bursts.
 */
export async function recentExchanges(db: Db, roomIds: string[], limit: number): Promise<Map<string, TimedMessage[]>> {
  // As loadConversation orders them: of a question and its answer (same time) the question first.
  const latest = db
    .select({ role: aiMessages.role, content: aiMessages.content, author: aiMessages.authorName, createdAt: aiMessages.createdAt })
    .from(aiMessages)
    .where(eq(aiMessages.roomId, rooms.id))
    .orderBy(desc(aiMessages.createdAt), asc(aiMessages.role))
    .limit(limit)
    .as("latest");
  const rows = await db
    .select({ roomId: rooms.id, role: latest.role, content: latest.content, author: latest.author, createdAt: latest.createdAt })
    .from(rooms)
    .crossJoinLateral(latest)
    .where(inArray(rooms.id, roomIds))
    .orderBy(rooms.id, desc(latest.createdAt), asc(latest.role));
  const byRoom = new Map<string, TimedMessage[]>(roomIds.map((id) => [id, []]));
  for (const { roomId, role, content, author, createdAt } of rows) byRoom.get(roomId)!.push({ role, content, author, at: createdAt.getTime() });
  for (const messages of byRoom.values()) messages.reverse();
  return byRoom;
}

/** The room's latest messages, oldest first, with who applied their code blocks. */
export async function loadConversation(db: Db, opts: { roomId: string; limit: number; publicUrl: string }): Promise<TAssistantMessage[]> {
  const { roomId, limit } = opts;
  const rows = await db
    .select({ m: aiMessages, avatarFile: users.avatarFile })
    .from(aiMessages)
    .leftJoin(users, eq(users.id, aiMessages.authorId))
    .where(eq(aiMessages.roomId, roomId))
    // Newest first; of a question and its answer (same time) the answer first, so reversed the question leads.
    .orderBy(desc(aiMessages.createdAt), asc(aiMessages.role))
    .limit(limit);
  rows.reverse();
  // An answer without its question (cut by the limit) would read oddly: drop it.
  while (rows[0]?.m.role === "assistant") rows.shift();
  const ids = rows.filter((r) => r.m.role === "assistant").map((r) => r.m.id);
  const applies = ids.length ? await db.select().from(aiApplies).where(inArray(aiApplies.messageId, ids)).orderBy(aiApplies.id) : [];
  return rows.map(({ m, avatarFile }) => ({
    ...present(m, avatarUrl(opts.publicUrl, avatarFile)),
    applies: applies
      .filter((a) => a.messageId === m.id)
      .map((a) => ({ blockIndex: a.blockIndex, mode: a.mode, by: { id: a.userId ?? "", name: a.userName }, at: a.createdAt.toISOString() })),
  }));
}

function present(m: MessageRow, avatar: string | null): Omit<TAssistantMessage, "applies"> {
  return {
    id: m.id,
    role: m.role,
    action: m.action,
    content: m.content,
    author: { id: m.authorId ?? "", name: m.authorName, ...(avatar ? { avatar } : {}) },
    replyTo: m.replyTo,
    selectedText: m.selectedText,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The answer `answerId` of this room, or null. */
export async function findAnswer(db: Db, roomId: string, answerId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(aiMessages)
    .where(and(eq(aiMessages.id, answerId), eq(aiMessages.roomId, roomId), eq(aiMessages.role, "assistant")))
    .limit(1);
  return row ?? null;
}

/** Records who applied (or inserted) a code block of an answer. */
export async function recordApply(
  db: Db,
  opts: { answerId: string; blockIndex: number; mode: "apply" | "insert"; user: { id: string; name: string }; at: Date },
): Promise<TAssistantApplyRecord> {
  await db.insert(aiApplies).values({
    messageId: opts.answerId,
    blockIndex: opts.blockIndex,
    mode: opts.mode,
    userId: opts.user.id,
    userName: opts.user.name,
    createdAt: opts.at,
  });
  return { blockIndex: opts.blockIndex, mode: opts.mode, by: { id: opts.user.id, name: opts.user.name }, at: opts.at.toISOString() };
}

/** Fenced code blocks in a Markdown answer (``` or ~~~ at the start of a line, opened and closed). */
export function countCodeBlocks(markdown: string): number {
  const fences = markdown.match(/^ {0,3}(```|~~~)/gm)?.length ?? 0;
  return Math.floor(fences / 2);
}
