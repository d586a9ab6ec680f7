import type { CatalogLanguage } from "../language-catalog";
import { semver, type LanguageSpec } from "../languages/language-spec";
import type { TJudge0Language } from "./judge0-client";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The name pattern a spec matches at Judge0: its label up to the version, e.g. "C++ (GCC ". */
function namePattern(spec: LanguageSpec): RegExp {
  return spec.judge0Name ?? new RegExp(`^${escapeRegExp(spec.label.split("%s")[0] ?? spec.label)}`);
}

export interface Judge0Mapping {
  offered: CatalogLanguage[];
  /** Our (CE) id -> the id this Judge0 instance uses. */
  remoteId: Map<number, number>;
}

/**
 * Maps the languages a Judge0 instance lists onto ours. Clients keep sending Judge0 CE
 * ids; an instance with other ids (the "extra" set, newer versions) gets the language
 * of the same family, preferring the CE id itself, else the newest (highest id).
 * Languages we have no starter program for are not offered.
 */
export function mapJudge0Languages(specs: readonly LanguageSpec[], remote: TJudge0Language[]): Judge0Mapping {
  const live = remote.filter((l) => !l.is_archived);
  const offered: CatalogLanguage[] = [];
  const remoteId = new Map<number, number>();
  for (const spec of specs) {
    const pattern = namePattern(spec);
    const candidates = live.filter((l) => pattern.test(l.name));
    if (candidates.length === 0) continue;
    const pick = candidates.find((l) => l.id === spec.id) ?? candidates.reduce((a, b) => (b.id > a.id ? b : a));
    const version = semver.exec(pick.name)?.[1] ?? "";
    offered.push({ id: spec.id, name: spec.name, label: pick.name, version, monacoId: spec.monacoId, starter: spec.starter });
    remoteId.set(spec.id, pick.id);
  }
  offered.sort((a, b) => a.name.localeCompare(b.name));
  return { offered, remoteId };
}
