/** PostgreSQL error codes (SQLSTATE) that our services turn into client errors. */
export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

/** True when a database error (raw, or wrapped by Drizzle) carries this SQLSTATE. */
export function hasSqlState(err: unknown, state: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === state) return true;
  }
  return false;
}
