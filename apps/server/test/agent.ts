import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { SESSION_COOKIE } from "../src/http/auth";
import type { App } from "../src/http/types";

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** Response with the JSON body parsed (the failure or success envelope). */
export interface AgentResponse<T = any> {
  status: number;
  body: T;
  headers: LightMyRequestResponse["headers"];
  raw: LightMyRequestResponse;
}

/**
 * A browser-like client over app.inject: keeps the session cookie between calls and
 * sends same-origin fetch metadata, like our web app does.
 */
export class Agent {
  cookie: string | undefined;

  constructor(
    private readonly app: App,
    token?: string,
  ) {
    if (token) this.cookie = token;
  }

  async request<T = any>(method: Method, url: string, opts: Omit<InjectOptions, "method" | "url"> = {}): Promise<AgentResponse<T>> {
    const headers: Record<string, string> = { "sec-fetch-site": "same-origin", ...(opts.headers as Record<string, string>) };
    if (this.cookie && !headers.cookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    const res = await this.app.inject({ ...opts, method, url: url.startsWith("/api") ? url : `/api/v1${url}`, headers });
    const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (set) this.cookie = set.value && (set.maxAge ?? 1) > 0 ? set.value : undefined;
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // not JSON: keep the text
    }
    return { status: res.statusCode, body: body as T, headers: res.headers, raw: res };
  }

  get<T = any>(url: string, opts?: Omit<InjectOptions, "method" | "url">) {
    return this.request<T>("GET", url, opts);
  }
  post<T = any>(url: string, payload?: unknown, opts: Omit<InjectOptions, "method" | "url"> = {}) {
    return this.request<T>("POST", url, { ...opts, payload: payload as InjectOptions["payload"] });
  }
  put<T = any>(url: string, payload?: unknown, opts: Omit<InjectOptions, "method" | "url"> = {}) {
    return this.request<T>("PUT", url, { ...opts, payload: payload as InjectOptions["payload"] });
  }
  delete<T = any>(url: string, opts?: Omit<InjectOptions, "method" | "url">) {
    return this.request<T>("DELETE", url, opts);
  }
}
