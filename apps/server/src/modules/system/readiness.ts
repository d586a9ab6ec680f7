/** A dependency `/readyz` checks: the database always, Redis when set. */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; rejects (or times out) when not. */
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2000;

/** Runs every check at once; the names of those that failed or did not answer in time. */
export async function failingChecks(checks: readonly ReadinessCheck[]): Promise<string[]> {
  const results = await Promise.all(
    checks.map(async (c) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS);
      });
      try {
        await Promise.race([c.check(), timeout]);
        return null;
      } catch {
        return c.name;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return results.filter((name): name is string => name !== null);
}
