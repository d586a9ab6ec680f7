import { index, integer, pgTable, serial, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { rooms } from "./rooms";
import { users } from "./users";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The room assistant's conversation: one per room, questions and their answers (migration 0004). */
export const aiMessages = pgTable(
  "ai_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    action: text("action", { enum: ["chat", "explain", "fix", "tests", "improve"] }).notNull(),
    content: text("content").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The asker's name when they asked. */
    authorName: text("author_name").notNull(),
    replyTo: uuid("reply_to").references((): AnyPgColumn => aiMessages.id, { onDelete: "cascade" }),
    selectedText: text("selected_text"),
    status: text("status", { enum: ["complete", "stopped"] }).notNull().default("complete"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("ai_messages_room_idx").on(t.roomId, t.createdAt)],
);

/** Who applied or inserted which code block of an answer. */
export const aiApplies = pgTable(
  "ai_applies",
  {
    id: serial("id").primaryKey(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => aiMessages.id, { onDelete: "cascade" }),
    blockIndex: integer("block_index").notNull(),
    mode: text("mode", { enum: ["apply", "insert"] }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("ai_applies_message_idx").on(t.messageId)],
);
