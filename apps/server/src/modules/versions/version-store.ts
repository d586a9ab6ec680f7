import { and, desc, eq, sql } from "drizzle-orm";
import type { TRoomVersion } from "@coderoom/shared/schemas/realtime";
import type { Db } from "../../db/client";
import { roomVersions } from "../../db/schema/collab";

export type VersionRow = typeof roomVersions.$inferSelect;

/** A version as the API shows it (without its code). */
export function presentVersion(v: Pick<VersionRow, "id" | "name" | "authorId" | "authorName" | "createdAt"> & { bytes: number }): TRoomVersion {
  return { id: v.id, name: v.name, author: { id: v.authorId ?? "", name: v.authorName }, createdAt: v.createdAt.toISOString(), bytes: v.bytes };
}

/** Stores a named version of the code with its author and time. */
export async function storeVersion(
  db: Db,
  opts: { roomId: string; name: string; code: string; author: { id: string; name: string }; now: Date },
): Promise<TRoomVersion> {
  const [row] = await db
    .insert(roomVersions)
    .values({ roomId: opts.roomId, name: opts.name, code: opts.code, authorId: opts.author.id, authorName: opts.author.name, createdAt: opts.now })
    .returning();
  return presentVersion({ ...row!, bytes: Buffer.byteLength(opts.code, "utf8") });
}

/** The room's versions, newest first, without their code. */
export async function listVersions(db: Db, roomId: string): Promise<TRoomVersion[]> {
  const rows = await db
    .select({
      id: roomVersions.id,
      name: roomVersions.name,
      authorId: roomVersions.authorId,
      authorName: roomVersions.authorName,
      createdAt: roomVersions.createdAt,
      bytes: sql<number>`octet_length(${roomVersions.code})::int`,
    })
    .from(roomVersions)
    .where(eq(roomVersions.roomId, roomId))
    .orderBy(desc(roomVersions.createdAt), desc(roomVersions.id));
  return rows.map(presentVersion);
}

/** One version with its code, or null. */
export async function getVersion(db: Db, roomId: string, versionId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(roomVersions)
    .where(and(eq(roomVersions.roomId, roomId), eq(roomVersions.id, versionId)));
  return row ?? null;
}
