/** Values a command may depend on, fixed per run from the configured limits. */
export interface CommandContext {
  /** JVM heap in MB: below the memory limit so the JVM fails with OutOfMemoryError, not a kill. */
  heapMb: number;
  /** CPU cores the job may use (runtimes size their thread pools from it). */
  cores: number;
}

/** An argv, or one built from the run's limits. Commands run in the work dir with PATH=/usr/local/bin:/usr/bin:/bin. */
export type Command = readonly string[] | ((ctx: CommandContext) => string[]);

/** How to find, compile and run one language; the catalog offers it when `requires` are all installed. */
export interface LanguageSpec {
  /** Judge0 CE language id. */
  id: number;
  /** Display name; `%s` is replaced by the discovered version, e.g. "Python (%s)". */
  label: string;
  /**
   * Plain name without a version, as the original server named it ("Python", "CPP"): the
   * original client lower-cases it into a Monaco language id, so it matches one where Monaco has it.
   */
  name: string;
  /** Monaco editor language id ("plaintext" where Monaco has none). */
  monacoId: string;
  /** Programs (looked up on PATH) or absolute files that must exist; the first program is version-probed. */
  requires: readonly string[];
  /** Command printing the version and the pattern whose first group is the version. */
  version: { argv: readonly string[]; pattern: RegExp };
  /** File name of the user's code in the work dir. */
  source: string;
  compile?: Command;
  run: Command;
  /** Configuration files or directories under /etc (or /var/lib) the toolchain reads; bound read-only. */
  etc?: readonly string[];
  /** Extra environment for both steps. */
  env?: (ctx: CommandContext) => Record<string, string>;
  /**
   * The runtime maps its JIT code through memfd files (BEAM), which RLIMIT_FSIZE
   * also limits: its file-size limit is raised to the memory limit (the cgroup still bounds it).
   */
  memfdJit?: boolean;
  /** Noise lines a toolchain always prints, dropped from compile output. */
  quiet?: RegExp;
  /** Name pattern of the matching language at a Judge0 backend (default: the label up to the version). */
  judge0Name?: RegExp;
  /** The new room's initial code: a hello world. */
  starter: string;
}

/** Builds the argv of a command for this run. */
export function resolveCommand(command: Command, ctx: CommandContext): string[] {
  return typeof command === "function" ? command(ctx) : [...command];
}

/** A dotted version number, the first one a `--version` prints. */
export const semver = /(\d+\.\d+(?:\.\d+)*)/;

/** Where the JDK keeps its configuration on Debian (one of them exists). */
export const JVM_ETC = ["/etc/java-17-openjdk", "/etc/java-21-openjdk", "/etc/java-11-openjdk"];

/** Runs a shell line (several tools in a row) inside the sandbox. */
export function sh(line: string): string[] {
  return ["/bin/sh", "-c", line];
}

/** JVM flags for a job: bounded heap and threads, quick start-up. */
export function jvmFlags(ctx: CommandContext): string[] {
  return [`-Xmx${ctx.heapMb}m`, "-Xss16m", "-XX:+UseSerialGC", `-XX:ActiveProcessorCount=${ctx.cores}`];
}
