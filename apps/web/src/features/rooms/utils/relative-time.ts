const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Last active" of spec §9: "Just now" under 60 s, then "Xm ago", "Xh ago", "Xd ago";
 * "N/A" when the time is missing or unreadable. A time slightly in the future (a
 * client clock behind the server's) still reads "Just now".
 */
export function relativeTime(iso: string | null | undefined, now: Date): string {
  if (!iso) return "N/A";
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "N/A";
  const seconds = Math.floor((now.getTime() - then) / 1000);
  if (seconds < MINUTE) return "Just now";
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h ago`;
  return `${Math.floor(seconds / DAY)}d ago`;
}
