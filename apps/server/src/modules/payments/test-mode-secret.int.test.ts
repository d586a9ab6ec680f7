import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedInUser } from "../../../test/factories";
import { createTestApp, type TestContext } from "../../../test/test-app";
import { postWebhook, subscriptionOf, testSecret } from "../../../test/payment-test-helpers";
import { subscriptionPaymentSignature } from "./signatures";
import { testModeSecret, testSecretFile } from "./test-mode-secret";
import { webhookEvent } from "./webhook-event";

// Issue 41 §6: the README printed Test mode's default secret, so anyone could sign a
// checkout result or a webhook. Unset, each install now makes its own.
const OLD_PUBLIC_DEFAULT = "coderoom-test-mode-secret";

let one: TestContext;
let two: TestContext;
beforeAll(async () => {
  one = await createTestApp();
  two = await createTestApp();
});
afterAll(() => Promise.all([one?.close(), two?.close()]));

describe("Test mode's secret", () => {
  it("is made per install: 32 random bytes in hex, kept in DATA_DIR readable by the owner only", () => {
    expect(testSecret(one)).toMatch(/^[0-9a-f]{64}$/);
    expect(testSecret(two)).toMatch(/^[0-9a-f]{64}$/);
    expect(testSecret(one)).not.toBe(testSecret(two));
    const file = testSecretFile(one.dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A restart on the same DATA_DIR keeps it (results signed before still verify).
    expect(testModeSecret({ dataDir: one.dataDir })).toBe(testSecret(one));
  });

  it("PAYMENTS_TEST_SECRET still wins when set (several processes without a shared DATA_DIR)", () => {
    expect(testModeSecret({ PAYMENTS_TEST_SECRET: "a-secret-of-my-own", dataDir: one.dataDir })).toBe("a-secret-of-my-own");
  });

  it("refuses a checkout result and a webhook signed with the old public default", async () => {
    const { agent } = await loggedInUser(one);
    const sub = (await agent.get("/payments/buy/pro")).body.data.id as string;
    const forged = await agent.post("/payments/verify", {
      razorpay_payment_id: "pay_forged1",
      razorpay_subscription_id: sub,
      razorpay_signature: subscriptionPaymentSignature(OLD_PUBLIC_DEFAULT, "pay_forged1", sub),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe("payment_signature_invalid");
    const charged = webhookEvent("subscription.charged", { subscription: { id: sub, status: "active" }, payment: { id: "pay_forged2", amount: 99900 } });
    const hook = await postWebhook(one, charged, { secret: OLD_PUBLIC_DEFAULT });
    expect(hook.status).toBe(400);
    expect(hook.body.code).toBe("webhook_signature_invalid");
    expect((await subscriptionOf(agent)).status).toBe("inactive");
  });
});
