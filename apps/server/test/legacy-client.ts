import { expect } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { SESSION_COOKIE } from "../src/http/auth";
import type { App } from "../src/http/types";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Body = { json: unknown } | { multipart: { payload: Buffer; headers: Record<string, string> } } | undefined;

/** What one call of the original client saw (after the browser's CORS checks). */
export interface LegacyResponse {
  status: number;
  body: any;
  headers: LightMyRequestResponse["headers"];
}

// Header names a browser sets itself (never in a preflight's request-headers list).
const CORS_SAFELISTED = new Set(["accept", "accept-language", "content-language"]);
const SIMPLE_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];

/**
 * The original CodeFusion React client as a browser runs it from another origin: axios with
 * `baseURL: PUBLIC_URL/api/v1` and `withCredentials: true`. Every call goes through what the
 * browser would do: a CORS preflight when the request is not "simple" (JSON bodies, PUT,
 * DELETE), the `Origin` and fetch-metadata headers, the session cookie, and the check that
 * the answer may be read (`Access-Control-Allow-Origin` + `-Credentials`). A failed check
 * fails the test the way the browser would fail the call.
 */
export class LegacyClient {
  private cookie: string | undefined;
  /** Preflights sent, as "METHOD path", to show which calls needed one. */
  readonly preflights: string[] = [];

  constructor(
    private readonly app: App,
    readonly origin: string,
  ) {}

  get loggedIn(): boolean {
    return this.cookie !== undefined;
  }

  async call(method: Method, path: string, body?: Body): Promise<LegacyResponse> {
    const url = `/api/v1${path}`;
    const headers: Record<string, string> = {
      origin: this.origin,
      "sec-fetch-site": "same-site",
      "sec-fetch-mode": "cors",
      accept: "application/json, text/plain, */*",
    };
    let payload: string | Buffer | undefined;
    if (body && "json" in body) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body.json);
    } else if (body) {
      Object.assign(headers, body.multipart.headers);
      payload = body.multipart.payload;
    }
    await this.preflightIfNeeded(method, url, headers);
    if (this.cookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    const res = await this.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    this.expectReadable(res, `${method} ${path}`);
    const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (set) this.cookie = set.value && (set.maxAge ?? 1) > 0 ? set.value : undefined;
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  get(path: string) {
    return this.call("GET", path);
  }
  post(path: string, json: unknown) {
    return this.call("POST", path, { json });
  }
  put(path: string, json: unknown) {
    return this.call("PUT", path, { json });
  }
  delete(path: string) {
    return this.call("DELETE", path);
  }

  /** The Fetch standard's rule: a preflight unless the method and headers are all CORS-safelisted. */
  private async preflightIfNeeded(method: Method, url: string, headers: Record<string, string>) {
    const contentType = headers["content-type"]?.split(";")[0]?.trim();
    const extra = Object.keys(headers).filter(
      (h) => !CORS_SAFELISTED.has(h) && !h.startsWith("sec-") && h !== "origin" && h !== "content-type",
    );
    if (contentType && !SIMPLE_CONTENT_TYPES.includes(contentType)) extra.push("content-type");
    if (["GET", "HEAD", "POST"].includes(method) && extra.length === 0) return;
    this.preflights.push(`${method} ${url}`);
    const res = await this.app.inject({
      method: "OPTIONS",
      url,
      headers: {
        origin: this.origin,
        "access-control-request-method": method,
        ...(extra.length ? { "access-control-request-headers": extra.join(",") } : {}),
        "sec-fetch-mode": "cors",
        "sec-fetch-site": "same-site",
      },
    });
    const what = `preflight of ${method} ${url}`;
    expect(res.statusCode, what).toBeLessThan(300);
    expect(res.headers["access-control-allow-origin"], what).toBe(this.origin);
    expect(res.headers["access-control-allow-credentials"], what).toBe("true");
    const methods = String(res.headers["access-control-allow-methods"] ?? "").toUpperCase().split(/\s*,\s*/);
    expect(methods, what).toContain(method);
    const allowed = String(res.headers["access-control-allow-headers"] ?? "").toLowerCase().split(/\s*,\s*/);
    for (const h of extra) expect(allowed, `${what}: header ${h}`).toContain(h);
  }

  /** With credentials the browser hands over the answer only if it names our origin and allows credentials. */
  private expectReadable(res: LightMyRequestResponse, what: string) {
    expect(res.headers["access-control-allow-origin"], `${what}: readable cross-origin`).toBe(this.origin);
    expect(res.headers["access-control-allow-credentials"], `${what}: credentials allowed`).toBe("true");
  }
}
