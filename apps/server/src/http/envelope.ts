import type { TSuccess } from "@coderoom/shared/schemas/envelope";

/** The success envelope every route returns. */
export function ok<T>(message: string, data: T): TSuccess<T> {
  return { success: true, message, data };
}
