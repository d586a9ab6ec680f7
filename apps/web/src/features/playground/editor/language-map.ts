/** Monaco language of a room language: by Judge0 id first, then by the name's first word. */
const byJudge0Id: Record<number, string> = {
  45: "mips",
  46: "shell",
  50: "c",
  51: "csharp",
  54: "cpp",
  55: "clojure",
  57: "elixir",
  60: "go",
  62: "java",
  63: "javascript",
  64: "lua",
  65: "fsharp",
  67: "pascal",
  68: "php",
  71: "python",
  72: "ruby",
  73: "rust",
  74: "typescript",
  75: "c",
  76: "cpp",
  78: "kotlin",
  79: "objective-c",
  80: "r",
  81: "scala",
  82: "sql",
  85: "perl",
  86: "clojure",
  88: "java",
};

const byName: [RegExp, string][] = [
  [/^c\+\+/i, "cpp"],
  [/^c#/i, "csharp"],
  [/^c\b/i, "c"],
  [/^python/i, "python"],
  [/^javascript|^node/i, "javascript"],
  [/^typescript/i, "typescript"],
  [/^java\b/i, "java"],
  [/^go\b/i, "go"],
  [/^rust/i, "rust"],
  [/^ruby/i, "ruby"],
  [/^php/i, "php"],
  [/^kotlin/i, "kotlin"],
  [/^swift/i, "swift"],
  [/^bash|^shell/i, "shell"],
  [/^sql/i, "sql"],
];

export function monacoLanguageOf(language: { id: number; name: string }): string {
  return byJudge0Id[language.id] ?? byName.find(([re]) => re.test(language.name))?.[1] ?? "plaintext";
}
