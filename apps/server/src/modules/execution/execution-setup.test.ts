import { describe, expect, it } from "vitest";
import { allLanguageSpecs } from "../../execution/languages/discover-languages";
import { executionSetup } from "./execution-setup";

const REASON = "Code execution is unavailable: bubblewrap is not installed on the server (sudo apt-get install bubblewrap).";
const allIds = allLanguageSpecs.map((s) => s.id);

describe("the admins' code-execution set-up hint", () => {
  it("when no code runs: the reason, every language missing, install all then start as root", () => {
    const setup = executionSetup({ backend: "sandbox", reason: REASON, offeredIds: [] });
    expect(setup).toMatchObject({ reason: REASON, offered: 0, known: allIds.length, commands: ["sudo npm run languages -- install all", "sudo npm start"] });
    expect(setup.missing).toContain("Java");
    expect(setup.missing).not.toContain("JavaScript");
  });

  it("names just the missing languages and their install keys", () => {
    const offeredIds = allIds.filter((id) => ![62, 50, 54, 71].includes(id));
    expect(executionSetup({ backend: "sandbox", reason: null, offeredIds })).toEqual({
      reason: null,
      offered: allIds.length - 4,
      known: allIds.length,
      missing: ["Python", "C and C++ (GCC)", "Java"],
      commands: ["sudo npm run languages -- install python c java", "sudo npm start"],
    });
  });

  it("has nothing to say when every language runs, or for a Judge0 cluster", () => {
    expect(executionSetup({ backend: "sandbox", reason: null, offeredIds: allIds })).toMatchObject({ missing: [], commands: [] });
    expect(executionSetup({ backend: "judge0", reason: null, offeredIds: [71] })).toMatchObject({ missing: [], commands: [] });
  });
});
