import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./bytea";
import { rooms } from "./rooms";
import { users } from "./users";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Append-only log of a room document's Yjs updates, folded into `roomDocSnapshots` by compaction. */
export const roomDocUpdates = pgTable(
  "room_doc_updates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    data: bytea("data").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("room_doc_updates_room_idx").on(t.roomId, t.id)],
);

/** The compacted state of a room document (one Yjs update holding everything folded so far). */
export const roomDocSnapshots = pgTable("room_doc_snapshots", {
  roomId: text("room_id")
    .primaryKey()
    .references(() => rooms.id, { onDelete: "cascade" }),
  data: bytea("data").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Named versions of a room's code ("Save Code"), newest first by `createdAt`. */
export const roomVersions = pgTable(
  "room_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    code: text("code").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("room_versions_room_idx").on(t.roomId, t.createdAt)],
);
