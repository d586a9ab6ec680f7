import type { Config } from "../apps/server/src/config";
import { createCoordination } from "../apps/server/src/coordination/create-coordination";
import type { DbHandle } from "../apps/server/src/db/client";
import type { AppDeps } from "../apps/server/src/deps";
import { DomainEventBus } from "../apps/server/src/events";
import type { ExecutionService } from "../apps/server/src/execution/execution-service";
import { LiveCodeSlot } from "../apps/server/src/modules/versions/live-code";

/** The app's dependencies for a bench server: no mail, the real clock, quiet coordination. */
export function benchDeps(config: Config, db: DbHandle, execution: ExecutionService): AppDeps {
  return {
    config,
    db,
    events: new DomainEventBus(),
    liveCode: new LiveCodeSlot(),
    mailer: { send: async () => {} },
    now: () => new Date(),
    languages: execution.languages,
    execution,
    coordination: createCoordination(config, { error: () => {}, warn: () => {} }),
  };
}
