import { describe, expect, it, vi } from "vitest";

// Each test loads the module afresh, as a page reload would.
async function loadTheme() {
  vi.resetModules();
  return import("./theme");
}

describe("theme", () => {
  it("defaults to light when nothing is stored", async () => {
    const theme = await loadTheme();
    expect(theme.getTheme()).toBe("light");
    theme.applyTheme(theme.getTheme());
    expect(document.documentElement).not.toHaveClass("dark");
  });

  it("setTheme stores site-theme and puts the dark class on <html>", async () => {
    const theme = await loadTheme();
    theme.setTheme("dark");
    expect(localStorage.getItem("site-theme")).toBe("dark");
    expect(document.documentElement).toHaveClass("dark");
    theme.toggleTheme();
    expect(localStorage.getItem("site-theme")).toBe("light");
    expect(document.documentElement).not.toHaveClass("dark");
  });

  it("a stored dark theme survives a reload", async () => {
    (await loadTheme()).setTheme("dark");
    document.documentElement.className = "";
    const reloaded = await loadTheme();
    expect(reloaded.getTheme()).toBe("dark");
    reloaded.applyTheme(reloaded.getTheme());
    expect(document.documentElement).toHaveClass("dark");
  });

  it("ignores unknown stored values", async () => {
    localStorage.setItem("site-theme", "purple");
    expect((await loadTheme()).getTheme()).toBe("light");
  });
});
