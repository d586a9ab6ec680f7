import type { Config } from "../config";
import { dropPrivileges } from "./drop-privileges";
import { spawnRunner } from "./spawn-runner";

/**
 * Started as root: starts the code runner (which keeps root, for the sandbox) and then
 * makes this process the unprivileged WEB_UID, owner of DATA_DIR. Returns the runner's
 * socket (undefined when there is no runner: not root, or Judge0 runs the code).
 */
export async function separatePrivileges(config: Config, log: { info(obj: object, msg: string): void }): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const runner = config.EXECUTION_BACKEND === "sandbox" ? await spawnRunner({ sandboxDir: config.SANDBOX_DIR, ownerUid: config.WEB_UID }) : undefined;
  await dropPrivileges({ uid: config.WEB_UID, dataDir: config.dataDir });
  log.info({ uid: config.WEB_UID, runnerPid: runner?.pid ?? null }, "serving as an unprivileged user; only the code runner keeps root");
  return runner?.socketPath;
}
