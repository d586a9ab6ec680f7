import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { detectAvatarType, looksLikeSvg, toAvatarWebp } from "./avatar-image";
import { hostileSvg, isWebp, makeImage } from "../../../test/test-uploads";

const svg = (text: string) => Buffer.from(text);

describe("looksLikeSvg", () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['\uFEFF  <?xml version="1.0"?>\n<!-- a -->\n<!-- b -->\n<svg width="1" height="1"></svg>'],
    ['<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>'],
    ['<!DOCTYPE svg [ <!ENTITY a "b"> ]><svg>'],
  ])("accepts %j", (text) => {
    expect(looksLikeSvg(svg(text))).toBe(true);
  });

  it.each([["<html><svg></svg></html>"], ["<svgfoo>"], ["hello <svg>"], ["<!-- unterminated <svg>"], [""]])("refuses %j", (text) => {
    expect(looksLikeSvg(svg(text))).toBe(false);
  });
});

describe("detectAvatarType", () => {
  it("reads the type from the bytes", async () => {
    expect(await detectAvatarType(await makeImage("png"))).toBe("image/png");
    expect(await detectAvatarType(await makeImage("jpeg"))).toBe("image/jpeg");
    expect(await detectAvatarType(await makeImage("webp"))).toBe("image/webp");
    expect(await detectAvatarType(hostileSvg)).toBe("image/svg+xml");
  });

  it("refuses other types with unsupported_file_type", async () => {
    await expect(detectAvatarType(await makeImage("gif"))).rejects.toMatchObject({ statusCode: 400, code: "unsupported_file_type" });
    await expect(detectAvatarType(Buffer.from("%PDF-1.7\n"))).rejects.toMatchObject({ code: "unsupported_file_type" });
  });
});

describe("toAvatarWebp", () => {
  it("makes a 500x500 WebP from a wide image", async () => {
    const out = await toAvatarWebp(await makeImage("png", 900, 300));
    expect(isWebp(out)).toBe(true);
    expect(await sharp(out).metadata()).toMatchObject({ format: "webp", width: 500, height: 500 });
  });

  it("drops EXIF metadata", async () => {
    const withExif = await sharp(await makeImage("jpeg")).withExif({ IFD0: { Copyright: "secret location" } }).jpeg().toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    expect((await sharp(await toAvatarWebp(withExif)).metadata()).exif).toBeUndefined();
  });
});
