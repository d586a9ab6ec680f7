import { describe, expect, it } from "vitest";
import { zRoomId } from "@coderoom/shared/schemas/rooms";
import { generateRoomId } from "./room-id";

describe("generateRoomId", () => {
  it("produces 6 characters of A-Z/0-9 that the shared schema accepts", () => {
    for (let i = 0; i < 1000; i += 1) {
      const id = generateRoomId();
      expect(id).toMatch(/^[A-Z0-9]{6}$/);
      expect(zRoomId.parse(id)).toBe(id);
    }
  });

  it("uses the whole alphabet, digits included", () => {
    const seen = new Set(Array.from({ length: 2000 }, generateRoomId).join(""));
    expect(seen.size).toBe(36);
  });
});
