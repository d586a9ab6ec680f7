import type { Config } from "./config";
import type { Coordination } from "./coordination/coordination";
import type { DbHandle } from "./db/client";
import type { DomainEventBus } from "./events";
import type { ExecutionService } from "./execution/execution-service";
import type { LanguageCatalog } from "./execution/language-catalog";
import type { Mailer } from "./modules/mail/mailer";

/** What the app is built from; tests build it with their own database, clock and mailer. */
export interface AppDeps {
  config: Config;
  db: DbHandle;
  events: DomainEventBus;
  mailer: Mailer;
  /** Languages the execution backend offers right now (same as `execution.languages`). */
  languages: LanguageCatalog;
  /** Code execution: the sandbox or Judge0 backend and the run queue. */
  execution: ExecutionService;
  /** Leases, windowed counts and shared values across processes (Redis), or in this one. */
  coordination: Coordination;
  /** The clock every rule reads (quota days, expiries); tests fix it. */
  now: () => Date;
}
