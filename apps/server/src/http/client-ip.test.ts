import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientIp, isLoopback } from "./client-ip";

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress }, connection: { remoteAddress }, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} }) as unknown as IncomingMessage;

describe("clientIp: TRUST_PROXY decides whose X-Forwarded-For counts", () => {
  it("ignores X-Forwarded-For unless the connection is a trusted proxy", () => {
    expect(clientIp(request("10.0.0.5", "203.0.113.7"), false)).toBe("10.0.0.5");
    expect(clientIp(request("10.0.0.5", "203.0.113.7"), ["10.0.0.5"])).toBe("203.0.113.7");
    expect(clientIp(request("10.0.0.5", "203.0.113.7"), ["10.0.0.0/24"])).toBe("203.0.113.7");
    // A client reaching the process directly cannot pick its own address.
    expect(clientIp(request("198.51.100.9", "203.0.113.7"), ["10.0.0.0/24"])).toBe("198.51.100.9");
  });

  it("stops at the first untrusted hop of a chain", () => {
    expect(clientIp(request("10.0.0.5", "203.0.113.7, 198.51.100.9"), ["10.0.0.5"])).toBe("198.51.100.9");
    expect(clientIp(request("10.0.0.5", "203.0.113.7, 198.51.100.9"), true)).toBe("203.0.113.7");
  });

  it("knows loopback in every form", () => {
    expect(["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.1.2.3"].every(isLoopback)).toBe(true);
    expect(["10.0.0.1", "::ffff:10.0.0.1", "", undefined].some(isLoopback)).toBe(false);
  });
});
