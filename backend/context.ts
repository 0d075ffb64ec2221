/** What every route of the backend is given: config, database, clock, the platform's HTTP client, logger. */
import type { Kysely } from 'kysely';
import type { Clock } from '../common/clock.js';
import type { Logger } from '../common/log.js';
import type { HttpSend } from '../platform-api/http.js';
import type { BackendConfig } from './config.js';
import type { Database } from './db/schema.js';
import type { BackendMetrics } from './http/metrics.js';

export interface BackendContext {
  config: BackendConfig;
  db: Kysely<Database>;
  /** The backend's time: the sandbox's virtual clock in the sandbox profile (webhook timestamps, token lifetimes). */
  clock: Clock;
  /** Called when a webhook's timestamp looks out of the window: the sandbox clock re-reads the sandbox's offset with a read sent after `since` (when the webhook arrived). */
  resyncClock: (since: number) => Promise<void>;
  /** The repo's one HTTP client (platform-api/http.ts), for calls to the platform. */
  http: HttpSend;
  logger: Logger;
  /** Names this process in the webhook ledger (several may share one database). */
  instanceId: string;
  metrics: BackendMetrics;
}
