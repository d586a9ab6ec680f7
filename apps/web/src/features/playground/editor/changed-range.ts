/** The one range that differs between two texts (common prefix and suffix kept). */
export function changedRange(current: string, next: string): { start: number; end: number; insert: string } {
  let start = 0;
  const max = Math.min(current.length, next.length);
  while (start < max && current[start] === next[start]) start++;
  let tail = 0;
  while (tail < max - start && current[current.length - 1 - tail] === next[next.length - 1 - tail]) tail++;
  return { start, end: current.length - tail, insert: next.slice(start, next.length - tail) };
}
