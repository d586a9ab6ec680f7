import type { Config } from "./config";
import type { DbHandle } from "./db/client";
import type { DomainEventBus } from "./events";
import type { Mailer } from "./modules/mail/mailer";

/** What the app is built from; tests build it with their own database, clock and mailer. */
export interface AppDeps {
  config: Config;
  db: DbHandle;
  events: DomainEventBus;
  mailer: Mailer;
  /** The clock every rule reads (quota days, expiries); tests fix it. */
  now: () => Date;
}
