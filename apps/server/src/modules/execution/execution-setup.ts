import type { TExecutionSetup } from "@coderoom/shared/schemas/execution-setup";
import { keysForIds, languageTable } from "../../../../../scripts/language-table.mjs";
import { allLanguageSpecs } from "../../execution/languages/discover-languages";

/** Rows an admin installs with `npm run languages` (JavaScript and TypeScript come with CodeRoom). */
const installable = languageTable.filter((row) => row.packages.length > 0);

/**
 * What an admin can do for code to run here: the built-in sandbox offers what is
 * installed, so name the missing languages and the commands (install, then restart);
 * when no code runs at all, the reason too. A Judge0 cluster's languages are its own.
 */
export function executionSetup(opts: { backend: "sandbox" | "judge0"; reason: string | null; offeredIds: number[] }): TExecutionSetup {
  const known = allLanguageSpecs.length;
  const base = { reason: opts.reason, offered: opts.offeredIds.length, known };
  if (opts.backend !== "sandbox") return { ...base, missing: [], commands: [] };
  const keys = new Set(keysForIds(allLanguageSpecs.map((s) => s.id).filter((id) => !opts.offeredIds.includes(id))));
  const rows = installable.filter((row) => keys.has(row.key));
  const words = rows.length === installable.length ? "all" : rows.map((row) => row.key).join(" ");
  const commands = [...(rows.length > 0 ? [`sudo npm run languages -- install ${words}`] : []), ...(rows.length > 0 || opts.reason ? ["sudo npm start"] : [])];
  return { ...base, missing: rows.map((row) => row.name), commands };
}
