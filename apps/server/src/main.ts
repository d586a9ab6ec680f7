import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDb } from "./db/client";
import { migrate } from "./db/migrate";
import { createExecutionService } from "./execution/execution-service";
import { DomainEventBus } from "./events";
import { createMailer } from "./modules/mail/mailer";

/** Process entry: config -> database -> migrations -> app -> listen, and a graceful stop. */
async function main() {
  const config = loadConfig();
  const db = await openDb({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
  await migrate(db);
  const execution = await createExecutionService(config, {
    info: (obj, msg) => console.log(msg, obj),
    warn: (obj, msg) => console.warn(msg, obj),
    error: (obj, msg) => console.error(msg, obj),
  });
  const app = await buildApp({
    config,
    db,
    events: new DomainEventBus(),
    mailer: createMailer(config, { info: (obj: object, msg?: string) => console.log(msg, obj) }),
    now: () => new Date(),
    languages: execution.languages,
    execution,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await execution.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`CodeRoom is ready at ${config.PUBLIC_URL} (${db.kind} database)`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
