import { describe, expect, it } from "vitest";
import { validationMessages as m } from "./messages";
import { isValidEmail, zContactMessage, zEmail, zFullName, zPassword, zStrictPassword } from "./validation";
import { zChangePasswordBody, zResetPasswordBody } from "./schemas/users";
import { zRoomId } from "./schemas/rooms";
import { isKnownPage } from "./constants/routes";
import { planLabelForAmount } from "./constants/plans";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("e-mail rule (spec §5)", () => {
  it.each(["a@b.co", "first.last+tag@sub.example.org", `${"x".repeat(64)}@example.com`])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ["no at sign", "user.example.com"],
    ["one-letter top-level part", "user@example.c"],
    ["digits in the top-level part", "user@example.c0m"],
    ["local part over 64", `${"x".repeat(65)}@example.com`],
    ["total over 254", `u@${"d".repeat(250)}.com`],
    ["spaces", "us er@example.com"],
  ])("refuses %s", (_why, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("says which rule failed, lower-cases and trims", () => {
    expect(firstMessage(zEmail.safeParse(""))).toBe(m.emailRequired);
    expect(firstMessage(zEmail.safeParse("nope"))).toBe(m.emailInvalid);
    expect(zEmail.parse("  Me@Example.COM ")).toBe("me@example.com");
  });
});

describe("password rules (spec §5)", () => {
  it.each([
    ["", m.passwordRequired],
    ["Ab1!", m.passwordMin],
    ["abcdefgh1!", m.passwordShape],
    ["ABCDEFGH!!", m.passwordShape],
    ["Abcdefgh1^", m.passwordShape],
  ])("sign-up password %j → %s", (pw, message) => {
    expect(firstMessage(zPassword.safeParse(pw))).toBe(message);
  });

  it("bounds the length, so hashing cost stays fixed", () => {
    expect(firstMessage(zPassword.safeParse(`Aa1!${"x".repeat(125)}`))).toBe("Password must be at most 128 characters");
    expect(zStrictPassword().safeParse(`Aa1!${"x".repeat(124)}`).success).toBe(true);
  });

  it("accepts a password with uppercase, digit and an allowed special", () => {
    expect(zPassword.safeParse("ABCDEFG1#").success).toBe(true);
  });

  it("needs a lowercase letter too for change and reset", () => {
    expect(firstMessage(zStrictPassword().safeParse("ABCDEFG1#"))).toBe(m.passwordShapeStrict);
    expect(zStrictPassword().safeParse("Abcdefg1#").success).toBe(true);
  });

  it("refuses a confirmation that does not match, and an unchanged password", () => {
    const base = { oldPassword: "Oldpass1!", newPassword: "Newpass1!", confirmPassword: "Newpass1!" };
    expect(zChangePasswordBody.safeParse(base).success).toBe(true);
    expect(firstMessage(zChangePasswordBody.safeParse({ ...base, confirmPassword: "Other1!x" }))).toBe(m.confirmMismatch);
    expect(firstMessage(zChangePasswordBody.safeParse({ ...base, oldPassword: "Newpass1!" }))).toBe(m.newPasswordSame);
    expect(firstMessage(zResetPasswordBody.safeParse({ newPassword: "Newpass1!", confirmPassword: "", resetToken: "t" }))).toBe(
      m.confirmRequired,
    );
  });
});

describe("name and contact message rules", () => {
  it("applies the spec's bounds and messages", () => {
    expect(firstMessage(zFullName.safeParse(" "))).toBe(m.fullNameRequired);
    expect(firstMessage(zFullName.safeParse("A"))).toBe(m.fullNameMin);
    expect(firstMessage(zContactMessage.safeParse("too short"))).toBe(m.messageMin);
    expect(firstMessage(zContactMessage.safeParse("x".repeat(2001)))).toBe(m.messageMax);
    expect(zContactMessage.safeParse("x".repeat(2000)).success).toBe(true);
  });
});

describe("room IDs", () => {
  it("upper-cases and accepts exactly 6 letters or digits", () => {
    expect(zRoomId.parse("ab12cd")).toBe("AB12CD");
    for (const bad of ["ABC12", "ABC1234", "AB-12C", "ÄBC123"]) expect(zRoomId.safeParse(bad).success, bad).toBe(false);
  });
});

describe("route table and plan labels", () => {
  it("knows the app's pages and nothing else", () => {
    for (const path of ["/", "/dashboard", "/playground/ABC123", "/resetpassword/x", "/allpayments", "/terms", "/feedback", "/create-account"]) {
      expect(isKnownPage(path), path).toBe(true);
    }
    for (const path of ["/nope", "/dashboard/extra", "/api"]) expect(isKnownPage(path), path).toBe(false);
  });

  it("derives the plan from the amount (spec §4)", () => {
    expect(planLabelForAmount(999)).toBe("Pro Plan");
    expect(planLabelForAmount(499)).toBe("Basic Plan");
    expect(planLabelForAmount(1)).toBe("Custom Plan");
  });
});
