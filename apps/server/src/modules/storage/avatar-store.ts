import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema/uploads";

/** Stored avatar names: 128 random bits, hex, `.webp`. Anything else is not ours. */
export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;
export const AVATAR_URL_PREFIX = "/uploads/avatars/";
/** Every stored avatar is a WebP we encoded ourselves. */
export const AVATAR_CONTENT_TYPE = "image/webp";

/** The database or a transaction on it. */
type Writer = Pick<Db, "insert" | "delete">;

/**
 * The public URL of an avatar, absolute from PUBLIC_URL: a client served from another
 * origin (CORS_ORIGINS) puts it straight into an <img>, where a relative path would
 * point at its own host.
 */
export function avatarUrl(publicUrl: string, name: string | null): string | null {
  return name ? `${publicUrl.replace(/\/+$/, "")}${AVATAR_URL_PREFIX}${name}` : null;
}

/** Stores an already re-encoded WebP as one of the owner's uploads under a fresh random name; returns the name. */
export async function insertAvatar(db: Writer, ownerId: string, webp: Buffer): Promise<string> {
  const name = `${randomBytes(16).toString("hex")}.webp`;
  await db.insert(uploads).values({ name, ownerId, contentType: AVATAR_CONTENT_TYPE, data: webp });
  return name;
}

/** Deletes one of the owner's stored avatars; none (or already gone) is fine. */
export async function deleteAvatar(db: Writer, ownerId: string, name: string | null): Promise<void> {
  if (!name) return;
  await db.delete(uploads).where(and(eq(uploads.name, name), eq(uploads.ownerId, ownerId)));
}

/** A stored avatar and its type, or null when there is no such upload. */
export async function readAvatar(db: Db, name: string): Promise<{ data: Uint8Array; contentType: string } | null> {
  if (!AVATAR_FILE_PATTERN.test(name)) return null;
  const [row] = await db.select({ data: uploads.data, contentType: uploads.contentType }).from(uploads).where(eq(uploads.name, name));
  return row ?? null;
}
