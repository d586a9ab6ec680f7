// Bare baselines of the exec benches: a program run with nothing around it, each run started
// by a small shell on request. Spawned from the bench process instead, every run paid for a
// fork of hundreds of MB (the app's modules, PGlite): python3 hello measured 27-31 ms that way
// against its own 16 ms start, and made the sandbox look that much cheaper.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface BareShell {
  /** Runs the program once; resolves with the time from request to its exit, in ms. */
  run(): Promise<number>;
  close(): void;
}

export function startBareShell(argv: string[], opts: { cwd?: string; env?: Record<string, string>; stdin: string; out: string }): BareShell {
  const script = 'in=$1 out=$2; shift 2; while read -r _; do "$@" <"$in" >"$out" 2>&1; echo; done';
  const shell = spawn("/bin/sh", ["-c", script, "sh", opts.stdin, opts.out, ...argv], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: shell.stdout! });
  let pending: { resolve: (ms: number) => void; reject: (err: Error) => void; started: number } | null = null;
  lines.on("line", () => pending?.resolve(performance.now() - pending.started));
  shell.once("exit", (code) => pending?.reject(new Error(`the bare shell exited (${code})`)));
  return {
    run: () =>
      new Promise<number>((resolve, reject) => {
        pending = { resolve, reject, started: performance.now() };
        shell.stdin!.write("\n");
      }),
    close: () => shell.stdin!.end(),
  };
}
