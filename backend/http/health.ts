/**
 * For load balancers and supervisors:
 *
 *   GET /healthz  200 while the process serves requests at all (restart it when this fails)
 *   GET /readyz   200 when it should be sent traffic: its migrations are applied (it listens only
 *                 after they are), the database answers `select 1` within READY_DB_TIMEOUT_MS,
 *                 and it is not draining; else 503 with the reason
 */
import { sql, type Kysely } from 'kysely';
import type { Route } from '../../server-kit/http/router.js';
import type { Database } from '../db/schema.js';
import { apiOk } from './answers.js';

export const READY_DB_TIMEOUT_MS = 1_000;

export function healthRoutes(db: Kysely<Database>, draining: () => boolean): Route[] {
  const databaseAnswers = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS)));
    const query = sql`select 1`.execute(db).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return [
    { method: 'GET', path: '/healthz', handler: () => apiOk(200, { status: 'ok' }) },
    {
      method: 'GET',
      path: '/readyz',
      handler: async () => {
        if (draining()) return apiOk(503, { status: 'draining' });
        if (!(await databaseAnswers())) return apiOk(503, { status: 'database_unavailable' });
        return apiOk(200, { status: 'ready' });
      },
    },
  ];
}
