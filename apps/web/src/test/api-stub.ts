import { vi } from "vitest";

/** One request the app sent through `fetch`. */
export interface TStubCall {
  method: string;
  path: string;
  /** Parsed JSON, a FormData, or undefined. */
  body: unknown;
}

export interface TStubReply {
  status?: number;
  body: unknown;
}

type THandler = TStubReply | ((call: TStubCall) => TStubReply | Promise<TStubReply>);

/** A success envelope. */
export const ok = (data: unknown = null, message = "Done"): TStubReply => ({ body: { success: true, message, data } });

/** A failure envelope. */
export const fail = (status: number, message: string, code = "failed"): TStubReply => ({
  status,
  body: { success: false, message, code },
});

/**
 * Replaces `fetch` (the network boundary) with handlers keyed "METHOD /path" (path
 * after /api/v1). Unknown routes answer 404. Returns the list of calls made.
 */
export function stubApi(routes: Record<string, THandler>): TStubCall[] {
  const calls: TStubCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const path = url.pathname.replace(/^\/api\/v1/, "");
      const method = (init.method ?? "GET").toUpperCase();
      const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? undefined);
      const call = { method, path, body };
      calls.push(call);
      const handler = routes[`${method} ${path}`];
      const reply = !handler ? fail(404, "Not found") : typeof handler === "function" ? await handler(call) : handler;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

/** A promise with its resolve exposed, to hold a request open while asserting. */
export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
