import { semver, type CommandContext, type LanguageSpec } from "./language-spec";
import { JOB_NODE, JOB_TSC } from "./node-toolchain";

const hello = (line: string) => `${line}\n`;

/** BLAS/OpenMP thread pools sized to the job's cores (R, Octave). */
const blasThreads = (ctx: CommandContext) => ({ OMP_NUM_THREADS: String(ctx.cores), OPENBLAS_NUM_THREADS: String(ctx.cores) });

/** BEAM schedulers sized to the job's cores (Elixir, Erlang). */
const beamFlags = (ctx: CommandContext) => ({ ERL_FLAGS: `+S ${ctx.cores}:${ctx.cores} +SDcpu ${ctx.cores}:${ctx.cores} +SDio 2 +A 1` });

/** Interpreted languages (TypeScript is type-checked and compiled to JavaScript first; both run on CodeRoom's own Node.js). */
export const scriptLanguages: LanguageSpec[] = [
  {
    id: 71,
    label: "Python (%s)",
    name: "Python",
    monacoId: "python",
    requires: ["python3"],
    version: { argv: ["python3", "--version"], pattern: /Python (\S+)/ },
    source: "main.py",
    run: ["python3", "main.py"],
    judge0Name: /^Python \(3\./,
    starter: hello('print("Hello, World!")'),
  },
  {
    id: 63,
    label: "JavaScript (Node.js %s)",
    name: "JavaScript",
    monacoId: "javascript",
    requires: [JOB_NODE],
    version: { argv: [JOB_NODE, "--version"], pattern: /v(\S+)/ },
    source: "main.js",
    run: (ctx) => [JOB_NODE, `--max-old-space-size=${ctx.heapMb}`, "main.js"],
    starter: hello('console.log("Hello, World!");'),
  },
  {
    id: 74,
    label: "TypeScript (%s)",
    name: "TypeScript",
    monacoId: "typescript",
    requires: [JOB_NODE, JOB_TSC],
    version: { argv: [JOB_NODE, JOB_TSC, "--version"], pattern: /Version (\S+)/ },
    source: "main.ts",
    compile: [JOB_NODE, JOB_TSC, "--target", "ES2020", "--module", "commonjs", "--pretty", "false", "--outDir", ".", "main.ts"],
    run: (ctx) => [JOB_NODE, `--max-old-space-size=${ctx.heapMb}`, "main.js"],
    starter: hello('console.log("Hello, World!");'),
  },
  {
    id: 72,
    label: "Ruby (%s)",
    name: "Ruby",
    monacoId: "ruby",
    requires: ["ruby"],
    version: { argv: ["ruby", "--version"], pattern: /ruby (\d+\.\d+\.\d+)/ },
    source: "main.rb",
    run: ["ruby", "main.rb"],
    starter: hello('puts "Hello, World!"'),
  },
  {
    id: 68,
    label: "PHP (%s)",
    name: "PHP",
    monacoId: "php",
    requires: ["php"],
    version: { argv: ["php", "--version"], pattern: /PHP (\d+\.\d+\.\d+)/ },
    etc: ["/etc/php"],
    source: "main.php",
    run: ["php", "-d", "display_errors=stderr", "main.php"],
    starter: `<?php
echo "Hello, World!\\n";
`,
  },
  {
    id: 85,
    label: "Perl (%s)",
    name: "Perl",
    monacoId: "perl",
    requires: ["perl"],
    version: { argv: ["perl", "-e", "print $^V"], pattern: /v(\S+)/ },
    source: "main.pl",
    run: ["perl", "main.pl"],
    starter: hello('print "Hello, World!\\n";'),
  },
  {
    id: 64,
    label: "Lua (%s)",
    name: "Lua",
    monacoId: "lua",
    requires: ["lua"],
    version: { argv: ["lua", "-v"], pattern: /Lua (\d+\.\d+(?:\.\d+)?)/ },
    source: "main.lua",
    run: ["lua", "main.lua"],
    starter: hello('print("Hello, World!")'),
  },
  {
    id: 46,
    label: "Bash (%s)",
    name: "Shell",
    monacoId: "shell",
    requires: ["bash"],
    version: { argv: ["bash", "--version"], pattern: /version (\d+\.\d+\.\d+)/ },
    source: "main.sh",
    run: ["bash", "main.sh"],
    starter: hello('echo "Hello, World!"'),
  },
  {
    id: 80,
    label: "R (%s)",
    name: "R",
    monacoId: "r",
    requires: ["Rscript"],
    version: { argv: ["Rscript", "--version"], pattern: /version (\d+\.\d+\.\d+)/ },
    etc: ["/etc/R"],
    source: "main.r",
    run: ["Rscript", "main.r"],
    env: blasThreads,
    starter: hello('cat("Hello, World!\\n")'),
  },
  {
    id: 66,
    label: "Octave (%s)",
    name: "Octave",
    monacoId: "plaintext",
    requires: ["octave-cli"],
    version: { argv: ["octave-cli", "--version"], pattern: /version (\d+\.\d+\.\d+)/ },
    source: "main.m",
    run: ["octave-cli", "--quiet", "--no-history", "--no-init-file", "--no-window-system", "main.m"],
    env: blasThreads,
    starter: hello('printf("Hello, World!\\n");'),
  },
  {
    id: 57,
    label: "Elixir (%s)",
    name: "Elixir",
    monacoId: "elixir",
    requires: ["elixir"],
    version: { argv: ["elixir", "--version"], pattern: /Elixir (\d+\.\d+\.\d+)/ },
    source: "main.exs",
    run: ["elixir", "main.exs"],
    memfdJit: true,
    env: beamFlags,
    starter: hello('IO.puts("Hello, World!")'),
  },
  {
    id: 58,
    label: "Erlang (OTP %s)",
    name: "Erlang",
    monacoId: "plaintext",
    requires: ["escript", "erl"],
    version: {
      argv: [
        "erl",
        "-noshell",
        "-eval",
        'R = erlang:system_info(otp_release), {ok, V} = file:read_file(filename:join([code:root_dir(), "releases", R, "OTP_VERSION"])), io:put_chars(V), halt().',
      ],
      pattern: semver,
    },
    source: "main.erl",
    run: ["escript", "main.erl"],
    memfdJit: true,
    env: beamFlags,
    starter: `-module(main).
-export([main/1]).

main(_) ->
    io:format("Hello, World!~n").
`,
  },
  {
    id: 82,
    label: "SQL (SQLite %s)",
    name: "SQL",
    monacoId: "sql",
    requires: ["sqlite3"],
    version: { argv: ["sqlite3", "--version"], pattern: /^(\d+\.\d+\.\d+)/ },
    source: "main.sql",
    run: ["sqlite3", "-bail", "-batch", ":memory:", ".read main.sql"],
    starter: hello("SELECT 'Hello, World!';"),
  },
];
