import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { allLanguageSpecs } from "./discover-languages";

// Monaco's own language ids, as each basic language's contribution registers them ("cpp" registers "c" too).
const monacoRoot = path.dirname(createRequire(import.meta.url).resolve("monaco-editor/package.json"));
const basicDir = path.join(monacoRoot, "esm/vs/basic-languages");
const monacoIds = new Set(
  fs
    .readdirSync(basicDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const file = path.join(basicDir, d.name, `${d.name}.contribution.js`);
      return fs.existsSync(file) ? [...fs.readFileSync(file, "utf8").matchAll(/id: "([^"]+)"/g)].map((m) => m[1]!) : [];
    }),
);

describe("language names (issue 10 §1.4)", () => {
  it("reads Monaco's ids", () => expect(monacoIds.size).toBeGreaterThan(50));

  it.each(allLanguageSpecs.map((s) => [s.label, s] as const))("%s: plain name, real Monaco id", (_label, spec) => {
    expect(spec.name).not.toMatch(/\d|\(/);
    if (spec.monacoId === "plaintext") {
      // No Monaco grammar: the lower-cased name must not accidentally name another one.
      expect(monacoIds.has(spec.name.toLowerCase())).toBe(false);
    } else {
      expect(monacoIds.has(spec.monacoId)).toBe(true);
      // The original client passes the lower-cased name to Monaco as its language id.
      expect(spec.name.toLowerCase()).toBe(spec.monacoId);
    }
  });

  it("keeps the original server's names for the languages it had", () => {
    const names = new Set(allLanguageSpecs.map((s) => s.name));
    for (const name of ["C", "CPP", "Go", "Java", "JavaScript", "Kotlin", "PHP", "Python", "Ruby", "Rust", "Shell", "TypeScript"]) {
      expect(names.has(name), name).toBe(true);
    }
  });
});
