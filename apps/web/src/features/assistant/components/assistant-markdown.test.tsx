import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { AssistantMarkdown } from "./assistant-markdown.tsx";
import { safeUrl } from "../utils/safe-url";

const hostile = [
  "Hello <script>window.pwned = 1</script> there",
  '<img src="x" onerror="window.pwned = 2">',
  "<b>raw bold</b> and <a href=\"https://evil.example\">raw link</a>",
  "[click me](javascript:alert(1)) [data](data:text/html,hi) [ok](https://example.com/docs)",
  "![tracker](https://evil.example/pixel.png)",
].join("\n\n");

describe("AssistantMarkdown", () => {
  it("renders no raw HTML, no script, no javascript: links; links open with rel=noopener", () => {
    const { container } = render(<AssistantMarkdown content={hostile} renderBlock={() => null} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
    const links = [...container.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/docs"]);
    expect(links[0]!.getAttribute("rel")).toBe("noopener noreferrer");
    expect(container.textContent).toContain("click me");
    expect(container.innerHTML).not.toMatch(/javascript:|onerror|data:text/);
  });

  it("hands each complete fenced block to renderBlock with its index", () => {
    const seen: number[] = [];
    render(
      <AssistantMarkdown
        content={"a\n\n```js\n1\n```\n\nb\n\n```\n2\n```\n\n```py\nunfinished"}
        renderBlock={(b) => {
          seen.push(b.index);
          return <div>{b.code}</div>;
        }}
      />,
    );
    expect([...new Set(seen)]).toEqual([0, 1]);
  });

  it("safeUrl keeps web, mail and in-page links only", () => {
    expect(safeUrl("javascript:alert(1)")).toBe("");
    expect(safeUrl(" JaVaScRiPt:alert(1)")).toBe("");
    expect(safeUrl("vbscript:x")).toBe("");
    expect(safeUrl("//evil.example")).toBe("");
    expect(safeUrl("https://example.com/a")).toBe("https://example.com/a");
    expect(safeUrl("mailto:a@b.co")).toBe("mailto:a@b.co");
    expect(safeUrl("#top")).toBe("#top");
  });
});
