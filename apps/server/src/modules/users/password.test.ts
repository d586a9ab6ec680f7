import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("uses scrypt N=2^17, r=8, p=1 by default, and the hash verifies", async () => {
    const hash = await hashPassword("Secret1!x");
    const [kind, logN, r, p, salt, key] = hash.split("$");
    expect({ kind, logN, r, p }).toEqual({ kind: "scrypt", logN: "17", r: "8", p: "1" });
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(key!, "base64")).toHaveLength(32);
    expect(await verifyPassword("Secret1!x", hash)).toBe(true);
    expect(await verifyPassword("Secret1!y", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("Same1!pass", 10), hashPassword("Same1!pass", 10)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Same1!pass", a)).toBe(true);
    expect(await verifyPassword("Same1!pass", b)).toBe(true);
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$2b$10$abc")).toBe(false);
  });
});
