import { INDIA_OFFSET_MS } from "../src/modules/usage/daily-usage";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Daily quotas start over at midnight in India, and a test against server processes runs on
 * the real clock: one that counts a day's quota first waits out that midnight when it is
 * less than `withinMs` away, so its counts all fall on one day.
 */
export async function clearOfIndianMidnight(withinMs = 30_000): Promise<void> {
  const untilMidnight = DAY_MS - ((Date.now() + INDIA_OFFSET_MS) % DAY_MS);
  if (untilMidnight >= withinMs) return;
  console.log(`waiting ${Math.ceil(untilMidnight / 1000)} s for midnight in India, when daily quotas start over`);
  await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
}
