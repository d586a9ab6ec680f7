// hourCycle h23, not hour12:false: the latter prints midnight as "24:10" in some engines.
const istFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * A full date in India time, 24-hour, suffixed "IST" (spec §9), e.g. "05 Jan 2025, 14:30 IST"; "N/A" when missing.
 * The one date format of the app: the web shows it and the server names versions with it.
 */
export function formatIst(when: string | Date | null | undefined): string {
  if (!when) return "N/A";
  const time = typeof when === "string" ? Date.parse(when) : when.getTime();
  if (Number.isNaN(time)) return "N/A";
  return `${istFormat.format(time)} IST`;
}
