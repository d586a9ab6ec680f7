import type { Config } from "../config";
import type { Coordination } from "./coordination";
import { createMemoryCoordination } from "./memory-coordination";
import type { RedisLog } from "./redis-client";
import { createRedisCoordination } from "./redis-coordination";

/** Redis coordination when REDIS_URL is set (several processes), else in memory (one process). */
export function createCoordination(config: Config, log: RedisLog): Coordination {
  const leases = { leaseTtlMs: config.COORDINATION_LEASE_TTL_MS, leaseRenewMs: config.COORDINATION_LEASE_RENEW_MS, log };
  if (!config.REDIS_URL) return createMemoryCoordination(leases);
  return createRedisCoordination({ ...leases, url: config.REDIS_URL, prefix: config.REDIS_PREFIX, commandTimeoutMs: config.COORDINATION_TIMEOUT_MS });
}
