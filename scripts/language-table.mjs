// The one table of languages and the Debian packages of their toolchains, read by
// `npm run languages` (scripts/languages.mjs), scripts/install-toolchains.sh through it,
// and the server (which languages an admin can add, and with which command).

/** The sandbox itself: bubblewrap (bash, the job's gate, is in every Debian/Ubuntu). */
export const SANDBOX_PACKAGES = ["bubblewrap"];

const JDK = "default-jdk-headless";

/**
 * One row per `npm run languages -- install <key>`: `ids` are the Judge0 ids of the
 * server's language specs it makes available; no packages means built in (JavaScript
 * and TypeScript run on the Node.js that runs CodeRoom, with npm's TypeScript compiler).
 */
export const languageTable = [
  { key: "javascript", name: "JavaScript", ids: [63], packages: [] },
  { key: "typescript", name: "TypeScript", ids: [74], packages: [] },
  { key: "bash", name: "Bash", ids: [46], packages: ["bash"] },
  { key: "python", name: "Python", ids: [71], packages: ["python3"] },
  { key: "c", name: "C and C++ (GCC)", ids: [50, 54], packages: ["gcc", "g++"] },
  { key: "clang", name: "C and C++ (Clang)", ids: [75, 76], packages: ["clang"] },
  { key: "java", name: "Java", ids: [62], packages: [JDK] },
  { key: "kotlin", name: "Kotlin", ids: [78], packages: [JDK, "kotlin"] },
  { key: "scala", name: "Scala", ids: [81], packages: [JDK, "scala"] },
  { key: "groovy", name: "Groovy", ids: [88], packages: [JDK, "groovy"] },
  { key: "clojure", name: "Clojure", ids: [86], packages: [JDK, "clojure"] },
  { key: "csharp", name: "C#", ids: [51], packages: ["mono-mcs", "mono-runtime"] },
  { key: "go", name: "Go", ids: [60], packages: ["golang-go"] },
  { key: "rust", name: "Rust", ids: [73], packages: ["rustc"] },
  { key: "ruby", name: "Ruby", ids: [72], packages: ["ruby"] },
  { key: "php", name: "PHP", ids: [68], packages: ["php-cli"] },
  { key: "perl", name: "Perl", ids: [85], packages: ["perl"] },
  { key: "lua", name: "Lua", ids: [64], packages: ["lua5.4"] },
  { key: "r", name: "R", ids: [80], packages: ["r-base-core"] },
  { key: "octave", name: "Octave", ids: [66], packages: ["octave"] },
  { key: "haskell", name: "Haskell", ids: [61], packages: ["ghc"] },
  { key: "ocaml", name: "OCaml", ids: [65], packages: ["ocaml-nox"] },
  { key: "commonlisp", name: "Common Lisp", ids: [55], packages: ["sbcl"] },
  { key: "prolog", name: "Prolog", ids: [69], packages: ["gprolog"] },
  { key: "erlang", name: "Erlang", ids: [58], packages: ["erlang-base"] },
  { key: "elixir", name: "Elixir", ids: [57], packages: ["elixir"] },
  { key: "fortran", name: "Fortran", ids: [59], packages: ["gfortran"] },
  { key: "pascal", name: "Pascal", ids: [67], packages: ["fp-compiler"] },
  { key: "d", name: "D", ids: [56], packages: ["ldc"] },
  { key: "cobol", name: "COBOL", ids: [77], packages: ["gnucobol3"] },
  { key: "assembly", name: "Assembly (NASM)", ids: [45], packages: ["nasm", "binutils"] },
  { key: "objective-c", name: "Objective-C", ids: [79], packages: ["gobjc", "libgnustep-base-dev", "gnustep-make"] },
  { key: "sql", name: "SQL (SQLite)", ids: [82], packages: ["sqlite3"] },
];

/** Other names people type for a row's key. */
const aliases = { js: "javascript", ts: "typescript", sh: "bash", shell: "bash", python3: "python", gcc: "c", "c++": "c", cpp: "c", "c#": "csharp", golang: "go", lisp: "commonlisp", asm: "assembly", nasm: "assembly", objc: "objective-c", sqlite: "sql" };

/** The rows named by `words` ("all" for every row), in table order, and the words that name none. */
export function selectLanguages(words) {
  const keys = new Set();
  const unknown = [];
  for (const word of words.map((w) => w.toLowerCase())) {
    if (word === "all") languageTable.forEach((row) => keys.add(row.key));
    else if (languageTable.some((row) => row.key === (aliases[word] ?? word))) keys.add(aliases[word] ?? word);
    else unknown.push(word);
  }
  return { rows: languageTable.filter((row) => keys.has(row.key)), unknown };
}

/**
 * The install steps for `rows`: the sandbox first when missing, then one step per row
 * whose packages are not all installed (`missing` filters a list down to those), each
 * package in the first step that needs it. Rows with nothing missing are `present`.
 */
export function planInstall(rows, missing) {
  const steps = [];
  const present = [];
  const planned = new Set();
  for (const { name, packages } of [{ name: "the sandbox (bubblewrap)", packages: SANDBOX_PACKAGES }, ...rows]) {
    const needed = missing(packages);
    if (needed.length === 0) {
      if (packages !== SANDBOX_PACKAGES) present.push(name);
      continue;
    }
    steps.push({ name, packages: needed.filter((p) => !planned.has(p)) });
    needed.forEach((p) => planned.add(p));
  }
  return { steps, present };
}

/** Install keys of the rows that provide any of the language ids, in table order. */
export const keysForIds = (ids) => languageTable.filter((row) => row.ids.some((id) => ids.includes(id))).map((row) => row.key);
