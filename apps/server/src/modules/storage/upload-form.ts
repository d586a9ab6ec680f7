import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { validationMessages } from "@coderoom/shared/messages";
import { badRequest, tooLarge } from "../../http/errors";

/** The multipart file field that carries a profile picture (spec §7). */
export const AVATAR_FIELD = "avatar";

/** OpenAPI description of the file field; the bytes themselves are checked by the avatar pipeline. */
export const zAvatarFileField = z
  .string()
  .meta({ format: "binary", description: "JPG, PNG, WebP or SVG image, at most 5 MB" })
  .optional();

declare module "fastify" {
  interface FastifyRequest {
    /** The avatar file of a multipart form, set aside by `readUploadForm`. */
    avatarUpload: Buffer | null;
  }
}

/**
 * preValidation hook: turns a multipart form into `request.body` (its text fields)
 * and keeps the `avatar` file aside, so the route's zod schema validates the same
 * fields whether they came as JSON or as a form. JSON bodies pass through untouched.
 */
export async function readUploadForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value === "string" && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      // Browsers send an empty part when the picker was left empty: that is "no file".
      if (part.fieldname === AVATAR_FIELD && bytes.length > 0) request.avatarUpload = bytes;
    }
  } catch (err) {
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(validationMessages.avatarTooLarge);
    if (statusCode && statusCode < 500) throw err;
    // busboy's own errors (no boundary, truncated body) are the client's malformed form, not our failure.
    throw badRequest("validation_failed", "The form data could not be read");
  }
  (request as { body: unknown }).body = fields;
}

/** The avatar file read by `readUploadForm`, if the request carried one. */
export function uploadedAvatar(request: FastifyRequest): Buffer | undefined {
  return request.avatarUpload ?? undefined;
}
