import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { limits } from "@coderoom/shared/constants/limits";
import { validationMessages } from "@coderoom/shared/messages";
import { badRequest, tooLarge } from "../../http/errors";

/** Accepted avatar types: the union of spec §5's sign-up and edit-profile lists. */
export type AvatarSourceType = "image/jpeg" | "image/png" | "image/webp" | "image/svg+xml";

const RASTER_TYPES = new Set<string>(["image/jpeg", "image/png", "image/webp"]);
/** Decompression bombs: refuse anything that would decode to more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;
const SVG_SNIFF_BYTES = 64 * 1024;

const unsupported = () =>
  badRequest("unsupported_file_type", "Profile picture must be a JPG, PNG, WebP or SVG image");

/**
 * True when the text starts, after an optional BOM, XML declaration, comments,
 * processing instructions and doctype, with an `<svg` root element.
 */
export function looksLikeSvg(buffer: Buffer): boolean {
  let text = buffer.subarray(0, SVG_SNIFF_BYTES).toString("utf8").replace(/^\uFEFF/, "");
  const prolog = /^\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*(?:\[[\s\S]*?\])?\s*>)/i;
  for (let match = prolog.exec(text); match; match = prolog.exec(text)) text = text.slice(match[0].length);
  return /^\s*<svg[\s>/]/.test(text);
}

/** The real type of the upload, read from its bytes (never from its name or declared type). */
export async function detectAvatarType(buffer: Buffer): Promise<AvatarSourceType> {
  const detected = await fileTypeFromBuffer(buffer);
  if (detected && RASTER_TYPES.has(detected.mime)) return detected.mime as AvatarSourceType;
  // file-type reports an XML prolog as application/xml; SVG itself is text it leaves to us.
  if ((!detected || detected.mime === "application/xml") && looksLikeSvg(buffer)) return "image/svg+xml";
  throw unsupported();
}

/**
 * Checks the upload's real type and re-encodes it as a 500×500 cover-cropped WebP
 * without metadata. An SVG is rasterised here (sharp does not fetch external
 * references or run scripts), so a user's SVG is never stored or served as SVG.
 */
export async function toAvatarWebp(buffer: Buffer): Promise<Buffer> {
  if (buffer.length > limits.avatarMaxBytes) throw tooLarge(validationMessages.avatarTooLarge);
  await detectAvatarType(buffer);
  try {
    return await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .autoOrient()
      .resize(limits.avatarSize, limits.avatarSize, { fit: "cover" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw tooLarge("Profile picture dimensions are too large");
    throw unsupported();
  }
}
