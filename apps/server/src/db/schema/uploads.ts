import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./bytea";
import { users } from "./users";

/**
 * Uploaded files (profile pictures), in the database so that every server process serves
 * them. `name` is the last part of the public URL; a file goes with its owner.
 */
export const uploads = pgTable("uploads", {
  name: text("name").primaryKey(),
  ownerId: uuid("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
