import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../test/agent";
import { loggedInUser } from "../../test/factories";
import { createTestApp, type TestContext } from "../../test/test-app";
import { createRoomAs } from "../../test/room-test-helpers";
import { SESSION_COOKIE } from "./auth";

// Finding 4 of issue 11: `Origin: null` and an evil Referer alone used to pass the cross-site check.
let ctx: TestContext;
let agent: Agent;
let cookie: string;
let roomId: string;
beforeAll(async () => {
  ctx = await createTestApp({ CORS_ORIGINS: "https://partner.example" });
  agent = (await loggedInUser(ctx)).agent;
  cookie = `${SESSION_COOKIE}=${agent.cookie}`;
  roomId = await createRoomAs(agent);
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const OURS = "http://localhost:3000";

/** State-changing requests of every kind, each sent with the given headers only (no Agent defaults). */
const stateChanging = (headers: Headers) => {
  const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  return {
    "POST /rooms/create": () => send("POST", "/rooms/create", { roomName: "X", languageId: 1 }),
    "PUT /rooms/update": () => send("PUT", `/rooms/update/${roomId}`, { roomName: "Renamed" }),
    "DELETE /rooms/delete": () => send("DELETE", "/rooms/delete/ZZZZZZ"),
    "POST /rooms/run": () => send("POST", "/rooms/run", { code: "print(1)", langId: 71 }),
    "POST /users/contact": () => send("POST", "/users/contact", { name: "Ann", email: "a@example.com", message: "Hello there, friends" }),
    "GET /users/logout": () => send("GET", "/users/logout"),
    "GET /users/guest-login": () => send("GET", "/users/guest-login"),
    "GET /rooms/join/{id}": () => send("GET", `/rooms/join/${roomId}`),
  };
};

async function expectAll(headers: Headers, expectRefused: boolean) {
  for (const [name, send] of Object.entries(stateChanging(headers))) {
    const res = await send();
    const refused = res.statusCode === 403 && res.json().code === "cross_site_request";
    expect({ name, refused, status: res.statusCode }).toMatchObject({ name, refused: expectRefused });
  }
}

describe("cross-site request check", () => {
  it("treats Origin: null as cross-site", async () => {
    await expectAll({ cookie, origin: "null" }, true);
  });

  it("refuses a browser request whose only hint is a foreign Referer", async () => {
    await expectAll({ cookie, referer: "https://evil.example/page" }, true);
  });

  it("refuses a cookie-bearing request with no Origin, Sec-Fetch-Site or Referer", async () => {
    await expectAll({ cookie }, true);
  });

  it("prefers Sec-Fetch-Site: cross-site over a forged same Origin", async () => {
    await expectAll({ cookie, "sec-fetch-site": "cross-site", origin: OURS }, true);
    await expectAll({ cookie, "sec-fetch-site": "same-site", origin: OURS }, true);
  });

  it("lets our own pages through by Referer, Origin or Sec-Fetch-Site", async () => {
    const join = (headers: Headers) => stateChanging(headers)["GET /rooms/join/{id}"]();
    expect((await join({ cookie, referer: `${OURS}/room/${roomId}` })).statusCode).toBe(200);
    expect((await join({ cookie, origin: OURS })).statusCode).toBe(200);
    expect((await join({ cookie, "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    // Our Referrer-Policy is no-referrer, under which a browser's same-origin POST says `Origin: null`.
    expect((await join({ cookie, "sec-fetch-site": "same-origin", origin: "null" })).statusCode).toBe(200);
  });

  it("lets a configured CORS origin through, even when the browser says cross-site", async () => {
    const res = await stateChanging({ cookie, origin: "https://partner.example", "sec-fetch-site": "cross-site" })["GET /rooms/join/{id}"]();
    expect(res.statusCode).toBe(200);
  });

  it("leaves a non-browser client without cookies alone", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/users/contact",
      payload: { name: "Ann", email: "a@example.com", message: "Hello there, friends" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("keeps read-only GETs open cross-site", async () => {
    const res = await new Agent(ctx.app).get("/rooms/languages", { headers: { origin: "null", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});
