import type { Config } from "../config";
import { dropPrivileges } from "./drop-privileges";
import { spawnRunner } from "./spawn-runner";

/**
 * Started as root: starts the code runner (which keeps root, for the sandbox) and then
 * makes this process the unprivileged WEB_UID, owner of DATA_DIR. Started without root,
 * the runner runs as this same uid (rootless sandbox where the kernel allows it). Returns
 * the runner's socket (undefined when there is no runner: Judge0 runs the code, or a
 * runner without root could not start, and then this process explains why runs are refused).
 */
export async function separatePrivileges(config: Config, log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }): Promise<string | undefined> {
  if (process.getuid?.() !== 0) {
    if (config.EXECUTION_BACKEND !== "sandbox") return undefined;
    try {
      const runner = await spawnRunner({ sandboxDir: config.SANDBOX_DIR });
      log.info({ uid: process.getuid?.() ?? null, runnerPid: runner.pid }, "started without root: the code runner runs as this uid too, with the rootless sandbox if the host allows it");
      return runner.socketPath;
    } catch (err) {
      log.warn({ err }, "started without root and the code runner could not start");
      return undefined;
    }
  }
  const runner = config.EXECUTION_BACKEND === "sandbox" ? await spawnRunner({ sandboxDir: config.SANDBOX_DIR, ownerUid: config.WEB_UID }) : undefined;
  await dropPrivileges({ uid: config.WEB_UID, dataDir: config.dataDir });
  log.info({ uid: config.WEB_UID, runnerPid: runner?.pid ?? null }, "serving as an unprivileged user; only the code runner keeps root");
  return runner?.socketPath;
}
