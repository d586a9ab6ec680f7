import { describe, expect, it } from "vitest";
import { keysForIds, languageTable, planInstall, selectLanguages } from "../../../../../scripts/language-table.mjs";
import { allLanguageSpecs } from "./discover-languages";

/** A host where only `installed` packages are present. */
const hostWith = (...installed: string[]) => (packages: string[]) => packages.filter((p) => !installed.includes(p));

describe("the language table (npm run languages, install-toolchains.sh)", () => {
  it("provides every language the server knows, each by exactly one row", () => {
    const ids = languageTable.flatMap((row) => row.ids);
    expect([...ids].sort()).toEqual(allLanguageSpecs.map((s) => s.id).sort());
    expect(new Set(languageTable.map((row) => row.key)).size).toBe(languageTable.length);
  });

  it("selects rows by key, alias or all, in table order, and names the words it does not know", () => {
    expect(selectLanguages(["Java", "py", "python", "c++"])).toEqual({ rows: selectLanguages(["c", "python", "java"]).rows, unknown: ["py"] });
    expect(selectLanguages(["c", "python", "java"]).rows.map((r) => r.key)).toEqual(["python", "c", "java"]);
    expect(selectLanguages(["all"]).rows).toEqual(languageTable);
  });

  it("plans the sandbox first, one step per language, each package once, and skips what is there", () => {
    const { rows } = selectLanguages(["javascript", "java", "kotlin", "python", "bash"]);
    expect(planInstall(rows, hostWith("bash"))).toEqual({
      steps: [
        { name: "the sandbox (bubblewrap)", packages: ["bubblewrap"] },
        { name: "Python", packages: ["python3"] },
        { name: "Java", packages: ["default-jdk-headless"] },
        { name: "Kotlin", packages: ["kotlin"] },
      ],
      present: ["JavaScript", "Bash"],
    });
    expect(planInstall(rows, hostWith("bubblewrap", "bash", "python3", "default-jdk-headless", "kotlin")).steps).toEqual([]);
  });

  it("names the install keys of languages the server does not offer", () => {
    expect(keysForIds([54, 50, 62, 999])).toEqual(["c", "java"]);
  });
});
