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
