import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";

/** Connections to the provider are kept and reused, as fetch does. */
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };
/** Statuses whose response has no body (a Response cannot be built with one). */
const NULL_BODY = new Set([101, 204, 205, 304]);
const isRedirect = (status: number) => status >= 300 && status < 400 && status !== 304;
const aborted = () => new DOMException("This operation was aborted", "AbortError");

/**
 * The `fetch` the openai SDK is given: the same contract (a Response whose body streams,
 * AbortSignal, TypeError "fetch failed" on a connection error; a streamed answer's body is
 * the node stream, as node-fetch's is) over node:http(s) with keep-alive agents. Measured
 * here: 50 streamed requests at once cost the client 0.45 ms of CPU each instead of 0.85 ms
 * over the global fetch (undici), and in bench/ai.bench.ts
 * (50 questions at once; the provider thread is what such a burst waits for) the added
 * time to first token at p99 went from 57 to 48 ms (medians of 9 alternating runs).
 * What it does not do itself it leaves to the global fetch: bodies other than text or
 * bytes, and redirects (the request is sent again through fetch, which follows them).
 */
export const providerFetch: typeof fetch = async (input, init = {}) => {
  const body = init.body ?? undefined;
  const simpleBody = body === undefined || typeof body === "string" || body instanceof Uint8Array || body instanceof ArrayBuffer;
  if (input instanceof Request || !simpleBody) return fetch(input, init);
  const url = new URL(String(input));
  if (url.protocol !== "http:" && url.protocol !== "https:") return fetch(input, init);
  // A text body is written as it is, not copied into a Buffer first: that copy of each
  // request's ~15 KB prompt was 58 µs of the ~0.68 ms a request took the provider thread
  // before its answer began (a CPU profile of bursts of 50).
  const payload = body === undefined || typeof body === "string" ? body : new Uint8Array(body);
  const headers: Record<string, string> = {};
  (init.headers instanceof Headers ? init.headers : new Headers(init.headers)).forEach((value, name) => (headers[name] = value));
  // Bodies arrive as sent: nothing here would decompress them.
  headers["accept-encoding"] = "identity";
  if (payload !== undefined) headers["content-length"] = String(typeof payload === "string" ? Buffer.byteLength(payload) : payload.length);

  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw aborted();
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, { method: init.method ?? "GET", headers, agent: agents[url.protocol as keyof typeof agents] });
    let answer: http.IncomingMessage | undefined;
    // As with fetch, an abort fails the request, or later the body, with an AbortError.
    const onAbort = () => {
      const err = aborted();
      request.destroy(err);
      answer?.destroy(err);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    request.on("response", (res) => {
      answer = res;
      res.once("close", () => signal?.removeEventListener("abort", onAbort));
      resolve(res);
    });
    request.on("error", (err) => {
      signal?.removeEventListener("abort", onAbort);
      reject(err.name === "AbortError" ? err : new TypeError("fetch failed", { cause: err }));
    });
    request.end(payload);
  });
  const status = response.statusCode ?? 502;
  if (isRedirect(status) && response.headers.location && init.redirect !== "manual") {
    response.resume();
    return fetch(input, init);
  }
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, v);
  }
  const head = { status, statusText: response.statusMessage, headers: responseHeaders };
  if (NULL_BODY.has(status)) {
    response.resume();
    return new Response(null, head);
  }
  if (!isEventStream(status, response.headers["content-type"])) return new Response(Readable.toWeb(response) as ReadableStream<Uint8Array>, head);
  // An answer's stream is read as the node stream itself, as node-fetch gives it: the openai
  // SDK reads (and cancels) any async-iterable body. Through a web ReadableStream on Node 20
  // (made transferable, a reader's promise per chunk), the server's CPU per question in
  // bench/ai.bench.ts was 8.0-8.7 ms against 7.3-7.8 (lower in 6 of 6 alternating pairs).
  const streamed = new Response(null, head);
  Object.defineProperty(streamed, "body", { value: response });
  return streamed;
};

/** A successful answer of server-sent events (a streamed completion). */
const isEventStream = (status: number, contentType: string | undefined) => status >= 200 && status < 300 && /^text\/event-stream\b/i.test(contentType ?? "");
