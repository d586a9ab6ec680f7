export interface LanguageRow {
  key: string;
  name: string;
  ids: number[];
  packages: string[];
}
export declare const SANDBOX_PACKAGES: string[];
export declare const languageTable: LanguageRow[];
export declare function selectLanguages(words: string[]): { rows: LanguageRow[]; unknown: string[] };
export declare function planInstall(
  rows: LanguageRow[],
  missing: (packages: string[]) => string[],
): { steps: { name: string; packages: string[] }[]; present: string[] };
export declare function keysForIds(ids: number[]): string[];
