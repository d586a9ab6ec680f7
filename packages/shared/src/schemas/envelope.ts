import { z } from "zod";

/** Success envelope of every REST answer: `{ success: true, message, data }`. */
export const zSuccess = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

/** Failure envelope: `{ success: false, message, code }` with a stable code. */
export const zFailure = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
});
export type TFailure = z.infer<typeof zFailure>;

export type TSuccess<T> = { success: true; message: string; data: T };
