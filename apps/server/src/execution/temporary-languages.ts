import type { CatalogLanguage } from "./language-catalog";

/** Stand-in until the execution engine discovers the installed toolchains (issue: running code). */
export const TEMPORARY_LANGUAGES: CatalogLanguage[] = [
  { id: 71, name: "Python (3.11)", starter: 'print("Hello, World!")\n' },
  { id: 63, name: "JavaScript (Node.js 20)", starter: 'console.log("Hello, World!");\n' },
  { id: 46, name: "Bash (5.2)", starter: 'echo "Hello, World!"\n' },
  { id: 50, name: "C (GCC 12)", starter: '#include <stdio.h>\n\nint main(void) {\n  printf("Hello, World!\\n");\n  return 0;\n}\n' },
];
