import { expect, it } from "vitest";
import { serverNodeFlags } from "../../../../scripts/node-flags.mjs";

const GiB = 2 ** 30;

it("sizes the young generation at 1/256 of the machine's memory, fixed, between 16 and 64 MB a semi-space", () => {
  expect(serverNodeFlags(8 * GiB)).toEqual(["--min-semi-space-size=32", "--max-semi-space-size=32"]);
  expect(serverNodeFlags(2 * GiB)).toEqual(["--min-semi-space-size=16", "--max-semi-space-size=16"]);
  expect(serverNodeFlags(64 * GiB)).toEqual(["--min-semi-space-size=64", "--max-semi-space-size=64"]);
});
