import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config";

/** Stored avatar names: 128 random bits, hex, `.webp`. Anything else is not ours. */
export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;
export const AVATAR_URL_PREFIX = "/uploads/avatars/";

const avatarsDir = (config: Config) => path.join(config.uploadsDir, "avatars");

/** Absolute path of a stored avatar; throws on a name that does not match our pattern. */
export function avatarFilePath(config: Config, name: string): string {
  if (!AVATAR_FILE_PATTERN.test(name)) throw new Error(`Not an avatar file name: ${name}`);
  return path.join(avatarsDir(config), name);
}

/**
 * The public URL of an avatar, absolute from PUBLIC_URL: a client served from another
 * origin (CORS_ORIGINS) puts it straight into an <img>, where a relative path would
 * point at its own host.
 */
export function avatarUrl(publicUrl: string, name: string | null): string | null {
  return name ? `${publicUrl.replace(/\/+$/, "")}${AVATAR_URL_PREFIX}${name}` : null;
}

/**
 * Writes an already re-encoded WebP under a fresh random name and returns the name.
 * Written to a temp file first so a reader never sees half a file.
 */
export async function writeAvatarFile(config: Config, webp: Buffer): Promise<string> {
  const name = `${randomBytes(16).toString("hex")}.webp`;
  const target = avatarFilePath(config, name);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  await fs.writeFile(temp, webp, { flag: "wx" });
  await fs.rename(temp, target);
  return name;
}

/** Deletes a stored avatar; a missing file is fine (already gone). */
export async function removeAvatarFile(config: Config, name: string | null): Promise<void> {
  if (!name || !AVATAR_FILE_PATTERN.test(name)) return;
  await fs.rm(avatarFilePath(config, name), { force: true });
}

/** The bytes of a stored avatar, or null when there is no such file. */
export async function readAvatarFile(config: Config, name: string): Promise<Buffer | null> {
  if (!AVATAR_FILE_PATTERN.test(name)) return null;
  try {
    return await fs.readFile(avatarFilePath(config, name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}
