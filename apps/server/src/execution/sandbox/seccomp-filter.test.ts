import { describe, expect, it } from "vitest";
import { buildSeccompFilter, DENIED_CALLS, deniedNumbers, ENOSYS, type DeniedCall } from "./seccomp-filter";

const ALLOW = 0x7fff0000;
const errno = (e: number) => 0x00050000 | e;

/** A classic-BPF interpreter for the few instructions the filter uses: what the kernel would answer. */
function evaluate(prog: Buffer, data: { nr: number; arch: number }): number {
  let acc = 0;
  for (let pc = 0; pc < prog.length / 8; pc++) {
    const code = prog.readUInt16LE(pc * 8);
    const jt = prog.readUInt8(pc * 8 + 2);
    const jf = prog.readUInt8(pc * 8 + 3);
    const k = prog.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) acc = k === 0 ? data.nr >>> 0 : data.arch >>> 0;
    else if (code === 0x15) pc += acc === k ? jt : jf;
    else if (code === 0x35) pc += acc >= k ? jt : jf;
    else if (code === 0x06) return k;
    else throw new Error(`unexpected instruction ${code}`);
  }
  throw new Error("fell off the end of the program");
}

describe.each(["x64", "arm64"] as NodeJS.Architecture[])("seccomp filter (%s)", (arch) => {
  const prog = buildSeccompFilter(arch)!;
  const nums = deniedNumbers(arch)!;
  const audit = arch === "x64" ? 0xc000003e : 0xc00000b7;

  it("denies every listed call with its errno", () => {
    for (const [name, nr] of Object.entries(nums)) {
      expect([name, evaluate(prog, { nr, arch: audit })]).toEqual([name, errno(DENIED_CALLS[name as DeniedCall])]);
    }
  });

  it("allows ordinary calls (read, write, openat, clone, execve, exit_group)", () => {
    const ordinary = arch === "x64" ? [0, 1, 257, 56, 59, 231] : [63, 64, 56, 220, 221, 94];
    for (const nr of ordinary) expect(evaluate(prog, { nr, arch: audit })).toBe(ALLOW);
  });

  it("refuses system calls of another architecture", () => {
    expect(evaluate(prog, { nr: 1, arch: 0x40000003 })).toBe(errno(ENOSYS));
  });
});

it("refuses x32-ABI calls on x86_64", () => {
  expect(evaluate(buildSeccompFilter("x64")!, { nr: 0x40000001, arch: 0xc000003e })).toBe(errno(ENOSYS));
});

it("has no filter for an architecture it has no table for (the sandbox then refuses to start)", () => {
  expect(buildSeccompFilter("riscv64" as NodeJS.Architecture)).toBeNull();
});
