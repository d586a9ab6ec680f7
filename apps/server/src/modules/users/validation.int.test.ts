import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validationMessages as m } from "@coderoom/shared/messages";
import { Agent } from "../../../test/agent";
import { DEFAULT_PASSWORD, loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";

let ctx: TestContext;
let agent: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  agent = (await loggedInUser(ctx)).agent;
});
afterAll(() => ctx.close());

type Body = Record<string, unknown>;
/** One field replaced (or removed with undefined) in an otherwise valid body. */
const withField = (base: Body, field: string, value: unknown): Body => {
  const body = { ...base };
  if (value === undefined) delete body[field];
  else body[field] = value;
  return body;
};

const longEmail = `${"a".repeat(60)}@${"b".repeat(190)}.com`;
/** Bad e-mails of spec §5 (shape, total length, local-part length, top-level part). */
const badEmails = ["plainaddress", "a@b", "a@b.c", "a b@example.com", "@example.com", longEmail, `${"l".repeat(65)}@example.com`, "a@example.c0m"];

const signUpPasswordCases: [unknown, string][] = [
  [undefined, m.passwordRequired],
  ["", m.passwordRequired],
  ["Ab1!", m.passwordMin],
  ["abcdefg1!", m.passwordShape],
  ["Abcdefgh!", m.passwordShape],
  ["Abcdefg12", m.passwordShape],
  ["Abcdefg1!~", m.passwordShape],
];
const strictPasswordCases = (required: string): [unknown, string][] => [
  [undefined, required],
  ["", required],
  ["Ab1!x", m.passwordMin],
  ["ABCDEFG1!", m.passwordShapeStrict],
  ["abcdefg1!", m.passwordShapeStrict],
  ["Abcdefgh!", m.passwordShapeStrict],
  ["Abcdefg12", m.passwordShapeStrict],
  ["Abcdefg1! ", m.passwordShapeStrict],
];
const fullNameCases: [unknown, string][] = [
  [undefined, m.fullNameRequired],
  ["   ", m.fullNameRequired],
  ["A", m.fullNameMin],
];
const emailCases = (invalid: string): [unknown, string][] => [
  [undefined, m.emailRequired],
  ["", m.emailRequired],
  ...badEmails.map((e): [unknown, string] => [e, invalid]),
];

interface Endpoint {
  name: string;
  method: "POST" | "PUT";
  url: string;
  valid: Body;
  cases: Record<string, [unknown, string][]>;
}

const endpoints: Endpoint[] = [
  {
    name: "register",
    method: "POST",
    url: "/users/register",
    valid: { fullName: "Valid Name", email: "valid@example.com", password: "Secret1!x" },
    cases: { fullName: fullNameCases, email: emailCases(m.emailInvalid), password: signUpPasswordCases },
  },
  {
    name: "login",
    method: "POST",
    url: "/users/login",
    valid: { email: "valid@example.com", password: "whatever" },
    cases: { email: emailCases(m.emailInvalid), password: [[undefined, m.passwordRequired], ["", m.passwordRequired]] },
  },
  {
    name: "change-password",
    method: "POST",
    url: "/users/change-password",
    valid: { oldPassword: DEFAULT_PASSWORD, newPassword: "NewSecret1!", confirmPassword: "NewSecret1!" },
    cases: {
      oldPassword: [[undefined, m.currentPasswordRequired], ["", m.currentPasswordRequired]],
      newPassword: strictPasswordCases(m.newPasswordRequired),
      confirmPassword: [[undefined, m.confirmRequired], ["", m.confirmRequired], ["NewSecret1?", m.confirmMismatch]],
    },
  },
  {
    name: "reset-password",
    method: "POST",
    url: "/users/reset-password",
    valid: { resetToken: "some-token", newPassword: "NewSecret1!", confirmPassword: "NewSecret1!", password: "NewSecret1!" },
    cases: {
      newPassword: strictPasswordCases(m.newPasswordRequired),
      confirmPassword: [[undefined, m.confirmRequired], ["", m.confirmRequired], ["NewSecret1?", m.confirmMismatch]],
    },
  },
  {
    name: "update",
    method: "PUT",
    url: "/users/update",
    valid: { fullName: "Valid Name", email: "valid@example.com" },
    cases: { fullName: fullNameCases, email: emailCases(m.emailInvalidAddress) },
  },
  {
    name: "forgot-password",
    method: "POST",
    url: "/users/forgot-password",
    valid: { email: "valid@example.com" },
    cases: { email: emailCases(m.emailInvalidAddress) },
  },
];

const rows = endpoints.flatMap((e) =>
  Object.entries(e.cases).flatMap(([field, cases]) =>
    cases.map(([value, message]) => ({ ...e, field, value, message, label: `${e.name}: ${field}=${JSON.stringify(value) ?? "missing"}` })),
  ),
);

describe("spec §5 validation rules and messages", () => {
  it.each(rows)("$label -> 400 \"$message\"", async (row) => {
    const res = await agent.request(row.method, row.url, { payload: withField(row.valid, row.field, row.value) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: "validation_failed", message: row.message });
  });

  it("refuses a new password equal to the current one", async () => {
    const res = await agent.post("/users/change-password", {
      oldPassword: "SamePass1!x",
      newPassword: "SamePass1!x",
      confirmPassword: "SamePass1!x",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.newPasswordSame);
  });

  it("accepts an e-mail at the length limits (254 total, 64 local)", async () => {
    const email = `${"l".repeat(64)}@${"d".repeat(185)}.com`;
    expect(email).toHaveLength(254);
    const res = await new Agent(ctx.app).post("/users/forgot-password", { email });
    expect(res.status).toBe(200);
  });
});
