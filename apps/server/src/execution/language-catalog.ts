import type { TLanguage } from "@coderoom/shared/schemas/rooms";

/** A language the execution backend can run now, with the starter program of a new room. */
export interface CatalogLanguage extends TLanguage {
  starter: string;
}

/** The languages on offer (`GET /rooms/languages`), discovered at start by the execution backend. */
export interface LanguageCatalog {
  list(): CatalogLanguage[];
  get(id: number): CatalogLanguage | undefined;
}

/** A catalog over a fixed list (tests, and the backends once they have discovered theirs). */
export function staticCatalog(languages: CatalogLanguage[]): LanguageCatalog {
  const byId = new Map(languages.map((l) => [l.id, l]));
  return { list: () => languages, get: (id) => byId.get(id) };
}
