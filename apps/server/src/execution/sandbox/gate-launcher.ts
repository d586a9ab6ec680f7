import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { SandboxTools } from "./bwrap-command";

/** bash that closes every descriptor of the shell above `fd`. */
const closeAbove = (fd: number) => `for f in /proc/self/fd/*; do n=\${f##*/}; [ "$n" -gt ${fd} ] 2>/dev/null && eval "exec $n>&-"; done`;

/**
 * A gate: a subshell of the launcher, already running as the job's uid (rootless mode: the
 * server's own). It tells the runner its pid, which the runner moves into the job's cgroup,
 * and waits on its pipe for the name of its launch file: NUL-separated fields (stdio paths,
 * rlimits, the seccomp and bwrap option files, the bwrap command) that the runner wrote.
 * It redirects its stdio, sets the rlimits and execs bwrap, which reads its options from
 * fd 5 and its seccomp filter from fd 4 (and closes both). A warm sandbox's bwrap keeps the
 * pipe as fd 6 (--block-fd) and starts its job on the launcher's "g".
 */
const GATE_SCRIPT = [
  "trap - PIPE",
  'echo "s $name $BASHPID"',
  "IFS= read -r file || exit 125",
  "mapfile -d '' a <\"$file\"",
  '[ "${#a[@]}" -ge 12 ] || exit 125',
  'exec 4<"${a[9]}" 5<"${a[10]}" || exit 125',
  'if [ -n "${a[8]}" ]; then exec 6<&0; fi',
  'if [ -n "${a[2]}" ]; then exec <"${a[0]}" >"${a[1]}" 2>"${a[2]}"; else exec <"${a[0]}" >"${a[1]}" 2>&1; fi',
  'ulimit -c 0 -n "${a[3]}" -s "${a[4]}" -f "${a[5]}"',
  'ulimit -t "${a[6]}"',
  'ulimit -S -t "${a[7]}"',
  // Nothing but stdio and bwrap's own descriptors reaches the job.
  closeAbove(6),
  // An empty environment: bash's own PWD, SHLVL and _ would be pid 1's (/proc/1/environ).
  'exec -c "${a[@]:11}"',
].join("\n");

/**
 * The launcher: bash, started once per job uid, reading one command a line.
 *   o NAME         forks gate NAME: "s NAME PID" once it waits, "x NAME CODE" when it has ended
 *   l NAME FILE    launches it with the fields in FILE
 *   w NAME FILE    the same for a warm sandbox, whose job waits for:
 *   g NAME         its job starts
 *   c NAME         forgets the gate (it has ended or was killed)
 * Each gate's waiter (a process substitution holding the gate's pipe) first closes what it
 * inherited (the other gates' pipes), then forks the gate and reports its end. When
 * stdin closes (the runner is gone), the launcher kills its whole process group: every gate,
 * and with them (--die-with-parent) every sandbox.
 */
const LAUNCHER_SCRIPT = [
  "trap '' PIPE",
  "declare -A to",
  'send() { [ -n "${to[$name]}" ] && printf \'%s\\n\' "$1" >&"${to[$name]}"; }',
  'drop() { [ -n "${to[$name]}" ] && eval "exec ${to[$name]}>&-"; unset "to[$name]"; }',
  "while IFS=' ' read -r op name arg; do",
  "  case $op in",
  `    o) exec {fd}> >(${closeAbove(2)}; (\n${GATE_SCRIPT}\n); echo "x $name $?"); to[$name]=$fd ;;`,
  '    l) send "$arg"; drop ;;',
  '    w) send "$arg" ;;',
  "    g) send g; drop ;;",
  "    c) drop ;;",
  "  esac",
  "done",
  "kill -KILL 0",
].join("\n");

export interface ForkedGate {
  pid: number;
  /** The gate's exit code (bwrap's: the job's own, or 128 + signal); null when the launcher died first. */
  exited: Promise<number | null>;
}

/**
 * Forks the sandbox gates of one job uid. Spawning each gate from the runner cost a fork
 * of a ~90 MB Node process: ~10 ms of CPU a run, with the runner's event loop blocked
 * meanwhile, before bash even started. A fork of the launcher's small bash costs ~2 ms.
 */
export class GateLauncher {
  private readonly child: ChildProcess;
  private readonly forking = new Map<string, { resolve: (gate: ForkedGate) => void; reject: (err: Error) => void }>();
  private readonly running = new Map<string, (code: number | null) => void>();
  private gone = false;

  constructor(tools: SandboxTools, uid: number) {
    this.child = spawn(tools.bash, ["-c", LAUNCHER_SCRIPT, "gate"], {
      ...(tools.mode === "root" ? { uid, gid: uid } : {}),
      stdio: ["pipe", "pipe", "ignore"],
      env: { PATH: "/usr/bin:/bin" },
      // Not the runner's directory: no host path in the gates' cwd, and the job uid may not enter it.
      cwd: "/",
      // Its own process group, which it kills when the runner goes.
      detached: true,
    });
    this.child.stdin!.on("error", () => undefined);
    this.child.once("error", () => this.ended());
    this.child.once("exit", () => this.ended());
    createInterface({ input: this.child.stdout! }).on("line", (line) => this.onEvent(line));
  }

  /** False once the launcher has exited: its gates are gone, a new one is needed. */
  get alive(): boolean {
    return !this.gone;
  }

  /** Forks gate `name`; resolves once it waits for its launch. */
  fork(name: string): Promise<ForkedGate> {
    if (this.gone) return Promise.reject(new Error("the gate launcher has exited"));
    return new Promise((resolve, reject) => {
      this.forking.set(name, { resolve, reject });
      this.send(`o ${name}`);
    });
  }

  /** Lets gate `name` exec bwrap with the fields in `file` (warm: bwrap then waits for start()). */
  launch(name: string, file: string, warm: boolean): void {
    this.send(`${warm ? "w" : "l"} ${name} ${file}`);
  }

  /** Starts a warm sandbox's job. */
  start(name: string): void {
    this.send(`g ${name}`);
  }

  /** Ends the launcher, which kills whatever gate is left. */
  async close(): Promise<void> {
    if (this.gone) return;
    const exited = new Promise((r) => this.child.once("exit", r));
    this.child.stdin!.end();
    await exited;
  }

  private send(line: string): void {
    if (!this.gone) this.child.stdin!.write(`${line}\n`);
  }

  private onEvent(line: string): void {
    const [kind, name = "", value = ""] = line.split(" ");
    if (kind === "s") {
      const pending = this.forking.get(name);
      this.forking.delete(name);
      const exited = new Promise<number | null>((resolve) => this.running.set(name, resolve));
      pending?.resolve({ pid: Number(value), exited });
    } else if (kind === "x") {
      this.forking.get(name)?.reject(new Error("the sandbox gate ended before it was ready"));
      this.forking.delete(name);
      this.running.get(name)?.(Number(value));
      this.running.delete(name);
      // Its pipe is of no use any more (a gate that ended before its launch still has one).
      this.send(`c ${name}`);
    }
  }

  private ended(): void {
    if (this.gone) return;
    this.gone = true;
    for (const pending of this.forking.values()) pending.reject(new Error("the gate launcher has exited"));
    for (const resolve of this.running.values()) resolve(null);
    this.forking.clear();
    this.running.clear();
  }
}
