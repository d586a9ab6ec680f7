import { useQuery } from "@tanstack/react-query";
import type { TExecutionSetup } from "@coderoom/shared/schemas/execution-setup";
import { api } from "../../../lib/http";

async function getExecutionSetup(): Promise<TExecutionSetup> {
  return (await api<TExecutionSetup>("/execution/setup", { toastError: false })).data;
}

/** GET /execution/setup (admins only): why code cannot run here and the commands that fix it. */
export const useExecutionSetup = (enabled: boolean) =>
  useQuery({ queryKey: ["execution-setup"], queryFn: getExecutionSetup, enabled, staleTime: 60_000 });
