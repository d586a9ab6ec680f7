import { z } from "zod";

/** `GET /execution/setup` (admins): why code cannot run here, which languages are missing, and the commands that fix it. */
export const zExecutionSetup = z.object({
  /** Why no code runs at all, or null. */
  reason: z.string().nullable(),
  offered: z.number().int(),
  known: z.number().int(),
  /** Languages an admin can add (names from the language table), empty when all run or for Judge0. */
  missing: z.array(z.string()),
  /** Shell commands to run on the server, in order (install, then restart). */
  commands: z.array(z.string()),
});
export type TExecutionSetup = z.infer<typeof zExecutionSetup>;
