import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const optionsFor = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is too small for N = 2^17.
  maxmem: 256 * 2 ** logN * r,
});

/**
 * Hashes with scrypt (N = 2^logN, r = 8, p = 1) on the thread pool. The parameters
 * are stored in the hash, so raising the cost later keeps old hashes verifiable.
 */
export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, optionsFor(logN, 8, 1));
  return ["scrypt", logN, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Constant-time check of a password against a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, key] = stored.split("$");
  if (kind !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), optionsFor(Number(logN), Number(r), Number(p)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
