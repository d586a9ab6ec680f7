import { expect, it } from "vitest";
import { readTogether } from "./read-together";

/** A reader that records each call's keys and doubles numbers (and fails on "bad"). */
function recordingReader() {
  const calls: string[][] = [];
  const readMany = async (items: string[]) => {
    calls.push(items);
    if (items.includes("bad")) throw new Error("query failed");
    return new Map(items.filter((i) => i !== "missing").map((i) => [i, i.repeat(2)]));
  };
  return { calls, read: readTogether((s: string) => s, readMany) };
}

it("reads what one turn asks for in one call, an item asked twice once, and the next turn apart", async () => {
  const r = recordingReader();
  const first = await Promise.all(["a", "b", "a"].map(r.read));
  expect(first).toEqual(["aa", "bb", "aa"]);
  expect(r.calls).toEqual([["a", "b"]]);
  expect(await r.read("c")).toBe("cc");
  expect(r.calls).toEqual([["a", "b"], ["c"]]);
});

it("fails every read of a batch whose query fails, and a read that found nothing, alone", async () => {
  const r = recordingReader();
  const results = await Promise.allSettled(["a", "bad"].map(r.read));
  expect(results.map((x) => x.status)).toEqual(["rejected", "rejected"]);
  const [missing, found] = await Promise.allSettled(["missing", "d"].map(r.read));
  expect(missing.status).toBe("rejected");
  expect(found).toEqual({ status: "fulfilled", value: "dd" });
  // The reader is still usable after failures.
  expect(await r.read("e")).toBe("ee");
});
