import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";

/**
 * The `fetch` the openai SDK is given (its `fetch` option): one request over node:http(s)
 * with keep-alive agents, the response's body handed to a web `Response` as it arrives.
 * It does less per request than the global fetch, which runs the whole Fetch algorithm
 * (request objects, header guards, a chain of promises) for each of a burst's requests.
 * Supports what the SDK sends: a method, headers, a string or byte body, and a signal.
 */
export function createHttpFetch(): typeof fetch {
  const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const { signal } = init;
      if (signal?.aborted) return reject(aborted(signal));
      if (url.protocol !== "http:" && url.protocol !== "https:") return reject(new TypeError(`fetch: unsupported protocol ${url.protocol}`));
      const body = requestBody(init.body);
      const headers = Object.fromEntries(new Headers(init.headers));
      if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(url, { method: init.method ?? "GET", headers, agent: agents[url.protocol] });
      let response: http.IncomingMessage | undefined;
      // Before the response the request fails with it; after, the body's reader does.
      const onAbort = () => (response ?? req).destroy(aborted(signal!) as Error);
      signal?.addEventListener("abort", onAbort, { once: true });
      const done = () => signal?.removeEventListener("abort", onAbort);
      req.on("error", (err) => {
        done();
        reject(err);
      });
      req.on("response", (res) => {
        response = res;
        res.once("close", done);
        const status = res.statusCode ?? 502;
        const bodyless = init.method === "HEAD" || status === 204 || status === 205 || status === 304;
        if (bodyless) res.resume();
        resolve(
          new Response(bodyless ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
            status,
            statusText: res.statusMessage,
            headers: responseHeaders(res.rawHeaders),
          }),
        );
      });
      req.end(body);
    });
}

function requestBody(body: RequestInit["body"]): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  throw new TypeError("fetch: only string and byte bodies are supported");
}

function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** What a fetch rejects with when its signal aborts: the signal's reason, or an AbortError. */
function aborted(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}
