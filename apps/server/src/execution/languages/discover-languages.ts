import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CatalogLanguage } from "../language-catalog";
import type { LanguageSpec } from "./language-spec";
import { managedLanguages } from "./managed-languages";
import { nativeLanguages } from "./native-languages";
import { bindOf, hostPathOf, nodeToolchainBinds, type HostBind } from "./node-toolchain";
import { scriptLanguages } from "./script-languages";

/** Every language we know how to run, installed or not. */
export const allLanguageSpecs: readonly LanguageSpec[] = [...nativeLanguages, ...managedLanguages, ...scriptLanguages];

/** The sandbox sees /usr read-only, so only toolchains under /usr (or bound, see node-toolchain.ts) count; PATH order matches the job's. */
const SEARCH_DIRS = ["/usr/local/bin", "/usr/bin"];
const PROBE_ENV = { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: os.tmpdir(), LANG: "C.UTF-8" };
const PROBE_TIMEOUT_MS = 30_000;
const PROBE_CONCURRENCY = 4;

export interface InstalledLanguage extends CatalogLanguage {
  spec: LanguageSpec;
  /** Host files its toolchain needs bound into the job (read-only). */
  binds: HostBind[];
}

export interface Discovery {
  installed: InstalledLanguage[];
  missing: { spec: LanguageSpec; reason: string }[];
}

type VersionCache = Record<string, { signature: string; version: string }>;

/** Host path of a required program or file the sandbox would find (under /usr, or bound), or null. */
async function locate(item: string, binds: readonly HostBind[]): Promise<string | null> {
  if (bindOf(item, binds)) {
    const host = hostPathOf(item, binds);
    return fs.access(host, fs.constants.R_OK).then(
      () => host,
      () => null,
    );
  }
  const candidates = item.startsWith("/") ? [item] : SEARCH_DIRS.map((dir) => path.join(dir, item));
  for (const candidate of candidates) {
    try {
      const real = await fs.realpath(candidate);
      if (!real.startsWith("/usr/")) continue;
      await fs.access(real, item.startsWith("/") ? fs.constants.R_OK : fs.constants.X_OK);
      return candidate;
    } catch {
      // not here: try the next directory
    }
  }
  return null;
}

/** Identifies an installed toolchain build, so a version probed once is reused until it changes. */
async function signature(paths: string[], spec: LanguageSpec): Promise<string> {
  const parts = await Promise.all(
    paths.map(async (p) => {
      const real = await fs.realpath(p);
      const st = await fs.stat(real);
      return `${real}:${st.size}:${st.mtimeMs}`;
    }),
  );
  return [...parts, ...spec.version.argv].join("|");
}

function probe(file: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(file, args, { env: PROBE_ENV, timeout: PROBE_TIMEOUT_MS, maxBuffer: 1 << 20 }, (_err, stdout, stderr) =>
      resolve(`${stdout}\n${stderr}`),
    );
  });
}

async function readCache(file: string | undefined): Promise<VersionCache> {
  if (!file) return {};
  try {
    const st = await fs.stat(file);
    if (st.uid !== process.getuid?.()) return {};
    return JSON.parse(await fs.readFile(file, "utf8")) as VersionCache;
  } catch {
    return {};
  }
}

async function writeCache(file: string | undefined, cache: VersionCache): Promise<void> {
  if (!file) return;
  const tmp = `${file}.${process.pid}.${Date.now()}`;
  await fs.writeFile(tmp, JSON.stringify(cache), { mode: 0o644 });
  await fs.rename(tmp, file);
}

/**
 * Finds which toolchains are installed and their versions. Versions come from
 * each toolchain's own `--version` (JVM tools take a second), cached in `cacheFile`
 * by binary identity so later starts only stat files.
 */
export async function discoverLanguages(
  opts: { cacheFile?: string; specs?: readonly LanguageSpec[]; binds?: readonly HostBind[] } = {},
): Promise<Discovery> {
  const specs = opts.specs ?? allLanguageSpecs;
  const binds = opts.binds ?? nodeToolchainBinds();
  const cache = await readCache(opts.cacheFile);
  const fresh: VersionCache = {};
  const installed: InstalledLanguage[] = [];
  const missing: Discovery["missing"] = [];
  const queue = [...specs];

  async function worker() {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const found = await Promise.all(spec.requires.map((item) => locate(item, binds)));
      const absent = spec.requires.filter((_, i) => !found[i]);
      const prober = await locate(spec.version.argv[0]!, binds);
      if (absent.length > 0 || !prober) {
        missing.push({ spec, reason: `not installed: ${absent.join(", ") || spec.version.argv[0]}` });
        continue;
      }
      const sig = await signature([...(found as string[]), prober], spec);
      const key = String(spec.id);
      let version = cache[key]?.signature === sig ? cache[key].version : undefined;
      if (!version) version = spec.version.pattern.exec(await probe(prober, spec.version.argv.slice(1).map((arg) => hostPathOf(arg, binds))))?.[1];
      if (!version) {
        missing.push({ spec, reason: `${spec.version.argv.join(" ")} did not print a version` });
        continue;
      }
      fresh[key] = { signature: sig, version };
      const label = spec.label.replace("%s", version);
      const used = binds.filter((b) => spec.requires.some((item) => bindOf(item, [b])));
      installed.push({ id: spec.id, name: spec.name, label, version, monacoId: spec.monacoId, starter: spec.starter, spec, binds: used });
    }
  }

  await Promise.all(Array.from({ length: PROBE_CONCURRENCY }, worker));
  await writeCache(opts.cacheFile, fresh).catch(() => undefined);
  installed.sort((a, b) => a.label.localeCompare(b.label));
  return { installed, missing };
}
