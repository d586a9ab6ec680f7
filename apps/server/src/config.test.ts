import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig: public addresses (issue 10 §1.5, §2.2)", () => {
  it("defaults PUBLIC_URL to localhost on PORT, and WEB_URL to PUBLIC_URL", () => {
    const config = loadConfig({ PORT: "3917" });
    expect(config.PUBLIC_URL).toBe("http://localhost:3917");
    expect(config.publicOrigin).toBe("http://localhost:3917");
    expect(config.WEB_URL).toBe("http://localhost:3917");
    expect(loadConfig({}).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("keeps an explicit PUBLIC_URL whatever the PORT, and a separate WEB_URL", () => {
    const config = loadConfig({ PORT: "8080", PUBLIC_URL: "https://api.example.com", WEB_URL: "https://app.example.com" });
    expect(config.PUBLIC_URL).toBe("https://api.example.com");
    expect(config.secureCookies).toBe(true);
    expect(config.WEB_URL).toBe("https://app.example.com");
  });

  it("refuses a WEB_URL that is not a URL", () => {
    expect(() => loadConfig({ WEB_URL: "app.example.com" })).toThrow(/WEB_URL/);
  });
});

describe("loadConfig: TRUST_PROXY (issue 39 §5)", () => {
  it("takes false, true, or a list of proxy addresses and CIDRs", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 192.168.0.0/16,fd00::/8,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.5",
      "192.168.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses what is not an address or CIDR, naming it", () => {
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.5,proxy.example.com" })).toThrow(/TRUST_PROXY.*proxy\.example\.com/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });
});
