import { randomBytes } from "node:crypto";
import sharp from "sharp";

/** A file part of a hand-built multipart body. */
export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body and its header, built by hand so tests control every byte. */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----coderoom${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The multipart body of an avatar upload with one file in the `avatar` field. */
export function avatarUpload(data: Buffer, filename = "me.png", contentType = "image/png", fields: Record<string, string> = {}) {
  return multipartBody(fields, [{ field: "avatar", filename, contentType, data }]);
}

/** A real image generated with sharp (no binary fixtures): a coloured rectangle. */
export function makeImage(format: "png" | "jpeg" | "webp" | "gif", width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** An SVG with a script and an external image reference: must be rasterised, never kept as SVG. */
export const hostileSvg = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<!-- drawn by hand -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80">
  <script>alert(document.cookie)</script>
  <image href="http://127.0.0.1:9/tracker.png" xlink:href="http://127.0.0.1:9/tracker.png" width="120" height="80"/>
  <rect x="10" y="10" width="60" height="40" fill="#3366ff"/>
</svg>`,
);

/** True when the bytes are a WebP file (RIFF....WEBP). */
export function isWebp(data: Buffer): boolean {
  return data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP";
}
