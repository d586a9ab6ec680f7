import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema/uploads";
import { users } from "../../db/schema/users";
import { AVATAR_CONTENT_TYPE, AVATAR_FILE_PATTERN } from "./avatar-store";

/**
 * Moves the avatars that earlier versions kept under DATA_DIR/uploads/avatars into the
 * database, so their URLs keep working on every process: each file a user still shows is
 * stored under its own name, then removed. Files no user shows are left alone. Safe on
 * every start and on several processes at once. Returns how many files it moved.
 */
export async function importAvatarFiles(db: Db, uploadsDir: string): Promise<number> {
  const dir = path.join(uploadsDir, "avatars");
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => AVATAR_FILE_PATTERN.test(name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  let moved = 0;
  for (const name of names) {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.avatarFile, name));
    if (!owner) continue;
    const file = path.join(dir, name);
    const data = await fs.readFile(file);
    await db.insert(uploads).values({ name, ownerId: owner.id, contentType: AVATAR_CONTENT_TYPE, data }).onConflictDoNothing();
    await fs.rm(file, { force: true });
    moved += 1;
  }
  return moved;
}
