/** Days of Pro given free with an account's first Pro subscription ("Start Pro Trial - 7 Days Free"). */
export const PRO_TRIAL_DAYS = 7;

const DAY_MS = 86_400_000;

/** One monthly billing period after `from` (same day next month, clamped: 31 Jan -> 28/29 Feb). */
export function addMonth(from: Date): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** A date the way payment pages show it: dd MMM yyyy, India time. */
export function formatPaymentDate(date: Date): string {
  return date.toLocaleDateString("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
}
