import { z } from "zod";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import type { App } from "../../http/types";
import { readAvatar } from "./avatar-store";

const zAvatarFileParams = z.object({ file: z.string().max(64) });

/** Serves stored avatars (from the database) under /uploads: always WebP we encoded, cached forever (names are never reused). */
export async function avatarFileRoutes(app: App, opts: { deps: AppDeps }): Promise<void> {
  const { db } = opts.deps.db;
  app.get(
    "/uploads/avatars/:file",
    {
      schema: {
        tags: ["Storage"],
        summary: "A stored profile picture (500×500 WebP)",
        params: zAvatarFileParams,
      },
    },
    async (request, reply) => {
      const avatar = await readAvatar(db, request.params.file);
      if (!avatar) throw notFound("not_found", "File not found");
      return reply
        .header("content-type", avatar.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        // Helmet's default (same-origin) would hide the picture from a client served from
        // another origin (CORS_ORIGINS); names are unguessable, so any origin may embed it.
        .header("cross-origin-resource-policy", "cross-origin")
        .send(Buffer.from(avatar.data.buffer, avatar.data.byteOffset, avatar.data.byteLength));
    },
  );
}
