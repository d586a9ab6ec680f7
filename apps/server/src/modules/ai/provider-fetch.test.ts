import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { providerFetch } from "./provider-fetch";

interface Seen {
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let base = "";
const seen: Seen[] = [];
/** Resolves when the client went away from /slow before its end. */
let slowClosed: Promise<void> = Promise.resolve();
let releaseSlow = () => {};

const server = http.createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on("data", (c: Buffer) => parts.push(c));
  req.on("end", () => {
    seen.push({ method: req.method!, headers: req.headers, body: Buffer.concat(parts).toString("utf8") });
    if (req.url === "/echo") {
      res.writeHead(201, { "content-type": "application/json", "x-request-id": "r1" });
      res.end(JSON.stringify({ got: Buffer.concat(parts).toString("utf8") }));
    } else if (req.url === "/empty") {
      res.writeHead(204).end();
    } else if (req.url === "/moved") {
      res.writeHead(307, { location: "/echo" }).end();
    } else if (req.url === "/cut") {
      // A piece, then the connection drops: the reader must fail, not wait for ever.
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n", () => setTimeout(() => res.socket?.destroy(), 10));
    } else if (req.url === "/slow") {
      // One piece now, the rest never: the client must be able to read the first and stop.
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n");
      slowClosed = new Promise((resolve) => res.on("close", () => resolve()));
      releaseSlow = () => res.end();
    } else {
      res.writeHead(404).end();
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  releaseSlow();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it("sends the method, headers and body as given, and answers with status, headers and body", async () => {
  const res = await providerFetch(`${base}/echo`, {
    method: "POST",
    headers: { authorization: "Bearer sk-test", "content-type": "application/json" },
    body: JSON.stringify({ q: "é" }),
  });
  expect(res.status).toBe(201);
  expect(res.ok).toBe(true);
  expect(res.headers.get("x-request-id")).toBe("r1");
  expect(await res.json()).toEqual({ got: '{"q":"é"}' });
  const req = seen.at(-1)!;
  expect(req.method).toBe("POST");
  expect(req.headers.authorization).toBe("Bearer sk-test");
  // A known length, not chunked; and no compressed answer it could not read.
  expect(req.headers["content-length"]).toBe(String(Buffer.byteLength('{"q":"é"}')));
  expect(req.headers["accept-encoding"]).toBe("identity");
});

it("gives a body-less status a null body", async () => {
  const res = await providerFetch(`${base}/empty`, { method: "POST", body: "{}" });
  expect(res.status).toBe(204);
  expect(res.body).toBeNull();
});

it("follows a redirect as fetch does, body and method kept (307)", async () => {
  const res = await providerFetch(`${base}/moved`, { method: "POST", body: "keep me" });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({ got: "keep me" });
});

/** A streamed answer's body as the openai SDK reads it: any async iterable (internal/shims.mjs). */
const pieces = (res: Response) => (res.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
const text = (piece: IteratorResult<Uint8Array>) => new TextDecoder().decode(piece.value);

it("streams: the first piece is readable before the end, and an abort ends the request", async () => {
  const controller = new AbortController();
  const res = await providerFetch(`${base}/slow`, { method: "POST", body: "{}", signal: controller.signal });
  expect(res.headers.get("content-type")).toBe("text/event-stream");
  const reader = pieces(res);
  expect(text(await reader.next())).toBe("data: first\n\n");
  controller.abort();
  await expect(reader.next()).rejects.toMatchObject({ name: "AbortError" });
  await slowClosed;
});

it("a reader that leaves a stream early closes the request (the SDK's cancel)", async () => {
  const res = await providerFetch(`${base}/slow`, { method: "POST", body: "{}" });
  const reader = pieces(res);
  expect(text(await reader.next())).toBe("data: first\n\n");
  await reader.return!();
  await slowClosed;
});

it("a connection dropped mid-answer fails the body after what arrived", async () => {
  const res = await providerFetch(`${base}/cut`, { method: "POST", body: "{}" });
  const reader = pieces(res);
  expect(text(await reader.next())).toBe("data: first\n\n");
  await expect(reader.next()).rejects.toBeInstanceOf(Error);
});

it("an abort before the answer rejects with an AbortError", async () => {
  const controller = new AbortController();
  controller.abort();
  await expect(providerFetch(`${base}/echo`, { method: "POST", body: "{}", signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
});

it("a connection error rejects like fetch: TypeError 'fetch failed' with the cause", async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  const err = await providerFetch(`http://127.0.0.1:${port}/v1`, { method: "POST", body: "{}" }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(TypeError);
  expect((err as TypeError).message).toBe("fetch failed");
  expect(((err as TypeError).cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
});

it("leaves other bodies to fetch", async () => {
  const res = await providerFetch(`${base}/echo`, { method: "POST", body: new URLSearchParams({ a: "1" }) });
  expect(await res.json()).toEqual({ got: "a=1" });
});
