/** "Queued, 3 ahead" (issue 12): position 1 is the next run to start. */
export function queuedLabel(position: number | null | undefined): string {
  if (!position) return "Queued";
  return position > 1 ? `Queued, ${position - 1} ahead` : "Queued, next to run";
}
