import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Where an install keeps the Test mode secret it made for itself. */
export const testSecretFile = (dataDir: string) => path.join(dataDir, "payments-test-secret");

const errCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

/**
 * Test mode's signing secret: PAYMENTS_TEST_SECRET when set, else 32 random bytes (hex)
 * made once per install and kept in DATA_DIR (0600), so no public default can forge a
 * checkout result or a webhook. Processes that share DATA_DIR share it.
 */
export function testModeSecret(config: { PAYMENTS_TEST_SECRET?: string | undefined; dataDir: string }): string {
  if (config.PAYMENTS_TEST_SECRET) return config.PAYMENTS_TEST_SECRET;
  const file = testSecretFile(config.dataDir);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (err) {
    if (errCode(err) !== "ENOENT") throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // Written whole beside it, then linked into place: a second process never reads half a secret.
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, randomBytes(32).toString("hex"), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (err) {
    if (errCode(err) !== "EEXIST") throw err;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return fs.readFileSync(file, "utf8").trim();
}
