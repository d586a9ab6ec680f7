import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHttpFetch } from "./http-fetch";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  socketPort: number;
  closedEarly: Promise<boolean>;
}

let server: http.Server;
let base: string;
const seen: Seen[] = [];
/** Lets a streaming response go on to its end. */
let finishStream = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const closedEarly = new Promise<boolean>((resolve) => res.on("close", () => resolve(!res.writableFinished)));
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, socketPort: req.socket.remotePort!, closedEarly });
      if (req.url === "/empty") return res.writeHead(204).end();
      if (req.url === "/slow") return; // answers nothing
      if (req.url === "/stream") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("data: first\n\n");
        finishStream = () => res.end("data: last\n\n");
        return;
      }
      res.writeHead(201, [["content-type", "application/json"], ["set-cookie", "a=1"], ["set-cookie", "b=2"]]);
      res.end(JSON.stringify({ echo: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it("sends the method, headers and body, and gives back the status, headers and body", async () => {
  const fetch = createHttpFetch();
  const res = await fetch(`${base}/chat?x=1`, { method: "POST", headers: { authorization: "Bearer k", "content-type": "application/json" }, body: '{"q":"héllo"}' });
  expect(res.status).toBe(201);
  expect(res.headers.get("content-type")).toBe("application/json");
  expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  expect(await res.json()).toEqual({ echo: '{"q":"héllo"}' });
  const req = seen.at(-1)!;
  expect(req).toMatchObject({ method: "POST", url: "/chat?x=1", body: '{"q":"héllo"}' });
  expect(req.headers).toMatchObject({ authorization: "Bearer k", "content-type": "application/json", "content-length": String(Buffer.byteLength('{"q":"héllo"}')) });
});

it("hands the body over as it arrives, and keeps the connection for the next request", async () => {
  const fetch = createHttpFetch();
  const res = await fetch(`${base}/stream`);
  const reader = res.body!.getReader();
  // The first event is read while the server still holds the response open.
  expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: first\n\n");
  finishStream();
  expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: last\n\n");
  expect((await reader.read()).done).toBe(true);
  await (await fetch(`${base}/again`)).text();
  expect(seen.at(-1)!.socketPort).toBe(seen.at(-2)!.socketPort);
});

it("a response without a body has a null body", async () => {
  const res = await createHttpFetch()(`${base}/empty`, { method: "DELETE" });
  expect(res.status).toBe(204);
  expect(res.body).toBeNull();
});

it("an abort before the response rejects with an AbortError and drops the request", async () => {
  const controller = new AbortController();
  const pending = createHttpFetch()(`${base}/slow`, { signal: controller.signal });
  await expect.poll(() => seen.at(-1)?.url).toBe("/slow");
  controller.abort();
  await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  expect(await seen.at(-1)!.closedEarly).toBe(true);
  const already = AbortSignal.abort();
  await expect(createHttpFetch()(`${base}/any`, { signal: already })).rejects.toMatchObject({ name: "AbortError" });
});

it("an abort while the body streams fails the body's reader and closes the connection", async () => {
  const controller = new AbortController();
  const res = await createHttpFetch()(`${base}/stream`, { signal: controller.signal });
  const reader = res.body!.getReader();
  await reader.read();
  controller.abort();
  await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
  expect(await seen.at(-1)!.closedEarly).toBe(true);
});

it("a refused connection rejects", async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  await expect(createHttpFetch()(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ code: "ECONNREFUSED" });
});
