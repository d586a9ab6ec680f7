import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/test-app";

let ctx: TestContext;
let doc: any;
beforeAll(async () => {
  ctx = await createTestApp();
  doc = (await ctx.app.inject("/api/docs/json")).json();
});
afterAll(() => ctx.close());

const accountRoutes = [
  ["post", "/api/v1/users/register", "201"],
  ["post", "/api/v1/users/avatar", "200"],
  ["post", "/api/v1/users/login", "200"],
  ["get", "/api/v1/users/guest-login", "200"],
  ["get", "/api/v1/users/logout", "200"],
  ["get", "/api/v1/users/profile", "200"],
  ["put", "/api/v1/users/update", "200"],
  ["post", "/api/v1/users/change-password", "200"],
  ["post", "/api/v1/users/forgot-password", "200"],
  ["post", "/api/v1/users/reset-password", "200"],
  ["post", "/api/v1/users/contact", "200"],
] as const;

describe("OpenAPI document", () => {
  it.each(accountRoutes)("documents %s %s with tags, summary and the success envelope", async (method, path, status) => {
    const op = doc.paths[path]?.[method];
    expect(op).toBeDefined();
    expect(op.tags.length).toBeGreaterThan(0);
    expect(op.summary).toBeTruthy();
    const schema = op.responses[status].content["application/json"].schema;
    expect(schema.properties).toHaveProperty("success");
    expect(schema.properties).toHaveProperty("data");
  });

  it("documents the avatar upload as a multipart binary field", async () => {
    const body = doc.paths["/api/v1/users/avatar"].post.requestBody.content["multipart/form-data"].schema;
    expect(body.properties.avatar).toMatchObject({ type: "string", format: "binary" });
  });
});
