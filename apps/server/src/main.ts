import type { Logger } from "pino";
import { buildApp } from "./app";
import type { AppDeps } from "./deps";
import { attachRealtime } from "./realtime/attach-realtime";
import { loadConfig } from "./config";
import { createCoordination } from "./coordination/create-coordination";
import { openDb } from "./db/client";
import { assertDataDirFree } from "./db/data-dir-lock";
import { migrateForServing } from "./db/migrate";
import { createExecutionService } from "./execution/execution-service";
import { separatePrivileges } from "./runner/privilege-separation";
import { DomainEventBus } from "./events";
import { createMailer } from "./modules/mail/mailer";
import { importAvatarFiles } from "./modules/storage/import-avatar-files";
import { startAdminChannel } from "./cli/admin-channel";
import { assertPortFree, portError } from "./startup/port-check";
import { createGracefulStop } from "./startup/graceful-stop";
import { makeDataDirPrivate } from "./startup/private-data-dir";
import { createProcessLogger, dataLocation } from "./startup/startup-log";
import { LiveCodeSlot } from "./modules/versions/live-code";

/** Process entry: config -> database -> migrations -> app -> listen, and a graceful stop. */
async function main(log: Logger) {
  const config = loadConfig();
  log.level = config.LOG_LEVEL;
  // Before the slow steps, so a taken port or a database in use is reported at once.
  await assertPortFree(config.PORT, config.HOST);
  if (!config.DATABASE_URL) assertDataDirFree(config.pgliteDir);
  // Started as root, only the code runner keeps root (its own process); this one gives it up.
  const runnerSocket = await separatePrivileges(config, log);
  // Now as DATA_DIR's owner, and after the runner started (the sandbox needs its own modes).
  makeDataDirPrivate(config.dataDir);
  // Embedded PGlite runs in a child process of its own (as this uid), never on this event loop.
  const db = await openDb({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir, log });
  await migrateForServing(db);
  // Pictures that earlier versions kept in DATA_DIR move into the database, URLs unchanged.
  const movedAvatars = await importAvatarFiles(db.db, config.uploadsDir);
  if (movedAvatars > 0) log.info({ files: movedAvatars }, "moved avatars from DATA_DIR/uploads into the database");
  // Again: PGlite gives the files it creates at its first start its own modes (0666), not ours.
  if (!config.DATABASE_URL) makeDataDirPrivate(config.dataDir);
  // `npm run admin` works through this channel while we own the embedded database.
  const adminChannel = await startAdminChannel(db);
  const execution = await createExecutionService(config, {
    info: (obj, msg) => log.info(obj, msg),
    warn: (obj, msg) => log.warn(obj, msg),
    error: (obj, msg) => log.error(obj, msg),
  }, { runnerSocket });
  const deps: AppDeps = {
    config,
    db,
    events: new DomainEventBus(),
    liveCode: new LiveCodeSlot(),
    mailer: createMailer(config, { info: (obj: object, msg?: string) => log.info(obj, msg) }),
    now: () => new Date(),
    languages: execution.languages,
    execution,
    coordination: createCoordination(config, log),
  };
  const app = await buildApp(deps);
  // Socket.IO /editor and Hocuspocus /collab on the same HTTP server.
  const realtime = attachRealtime(app, deps);
  const graceful = createGracefulStop({
    app,
    realtime,
    execution,
    rest: [() => deps.coordination.close(), () => adminChannel?.close(), () => db.close()],
    log,
    runsBoundMs: (config.RUN_COMPILE_WALL_SECONDS + config.RUN_WALL_SECONDS) * 1000,
  });
  const stop = (signal: string) => {
    if (graceful.draining) return;
    // A drain that hangs must not keep the process: past its bound plus a margin, exit anyway.
    setTimeout(() => process.exit(1), (config.RUN_COMPILE_WALL_SECONDS + config.RUN_WALL_SECONDS + 15) * 1000).unref();
    graceful.stop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, "drain failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  await app.listen({ port: config.PORT, host: config.HOST }).catch((err: NodeJS.ErrnoException) => {
    throw portError(err, config.PORT, config.HOST);
  });
  log.info({ data: dataLocation(config) }, `CodeRoom is ready at ${config.PUBLIC_URL}`);
}

// Until the config is read, log at info (a bad LOG_LEVEL is itself a config error to show).
const processLog = createProcessLogger({ LOG_LEVEL: "info" });
main(processLog).catch((err) => {
  processLog.fatal(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
