import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRazorpayCall {
  method: string;
  path: string;
  auth: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeRazorpay {
  url: string;
  calls: FakeRazorpayCall[];
  close(): Promise<void>;
}

/** A local stand-in for Razorpay's subscriptions API, so the real SDK runs without the network. */
export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const calls: FakeRazorpayCall[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method: req.method ?? "", path, auth: req.headers.authorization, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (req.method === "POST" && path === "/v1/subscriptions") {
        next += 1;
        return send(200, { id: `sub_fake${next}`, entity: "subscription", status: "created", plan_id: body.plan_id, notes: body.notes });
      }
      const cancel = /^\/v1\/subscriptions\/([^/]+)\/cancel$/.exec(path);
      if (req.method === "POST" && cancel) return send(200, { id: cancel[1], entity: "subscription", status: "active" });
      send(400, { error: { code: "BAD_REQUEST_ERROR", description: "unknown fake route" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
