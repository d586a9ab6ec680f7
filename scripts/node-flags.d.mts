export function serverNodeFlags(totalMemory?: number): string[];
