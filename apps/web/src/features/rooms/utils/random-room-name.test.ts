import { describe, expect, it } from "vitest";
import { randomRoomName, roomNameAdjectives, roomNameNouns } from "./random-room-name";

describe("randomRoomName", () => {
  it("has 20 distinct adjectives and 20 distinct nouns, including the spec's examples", () => {
    expect(new Set(roomNameAdjectives).size).toBe(20);
    expect(new Set(roomNameNouns).size).toBe(20);
    expect(roomNameAdjectives).toEqual(expect.arrayContaining(["Epic", "Swift", "Quantum"]));
    expect(roomNameNouns).toEqual(expect.arrayContaining(["Coders", "Squad", "Lab"]));
  });

  it("joins one adjective and one noun chosen by the random source", () => {
    const draws = [0, 0.999];
    expect(randomRoomName(() => draws.shift()!)).toBe(`${roomNameAdjectives[0]} ${roomNameNouns[19]}`);
  });

  it("always produces a name within the room-name limit", () => {
    for (const a of roomNameAdjectives) for (const n of roomNameNouns) expect(`${a} ${n}`.length).toBeLessThanOrEqual(50);
  });
});
