/**
 * The research service wired to the rest of the app: the active profile from the accounts
 * service, the built-in sandbox's own quotas (its limits) or the platform's defaults, and a
 * signed-in account to vouch for the app when a token broker mints the client token.
 */
import type { Logger } from '../../../common/log.js';
import { platformError, type ApiResult } from '../../../platform-api/errors.js';
import type { HttpSend } from '../../../platform-api/http.js';
import { createResearchApi } from '../../../platform-api/research.js';
import type { Downloads } from '../downloads.js';
import type { EventSink } from '../../core/events.js';
import type { AccountsService } from '../accounts/accounts-service.js';
import type { BuiltinPlatform } from '../builtin-platform/builtin-platform.js';
import type { KeyValueStorage } from '../storage.js';
import { PLATFORM_QUOTAS } from './quota-book.js';
import { words } from '../../core/contract/words.js';
import { sayWords } from '../main-words.js';
import { ResearchService, type ResearchServiceDeps } from './research-service.js';

export interface ResearchWiring {
  accounts: AccountsService;
  sandbox: BuiltinPlatform;
  send: HttpSend;
  storage: KeyValueStorage;
  hub: EventSink;
  log: Logger;
  chooseSavePath?: ResearchServiceDeps['chooseSavePath'];
  downloads?: Downloads;
}

export function createResearchService(wiring: ResearchWiring): ResearchService {
  const { accounts, sandbox } = wiring;
  return new ResearchService({
    runtime: () => accounts.runtime(),
    limits: (runtime) => {
      const limits = runtime.kind === 'sandbox' ? sandbox.runningSandbox?.limits : undefined;
      return limits ? { requestsPerDay: limits.research_requests_per_day, recordsPerDay: limits.research_records_per_day } : PLATFORM_QUOTAS;
    },
    async withUserToken<T>(call: (userAccessToken: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
      const account = accounts.list().find((candidate) => candidate.status === 'ok');
      if (!account) {
        return { ok: false, error: platformError({ kind: 'auth', code: 'sign_in_first', message: sayWords(words('research.sign_in_first')), words: words('research.sign_in_first') }) };
      }
      return accounts.withAccessToken(account.openId, call);
    },
    api: createResearchApi(wiring.send),
    storage: wiring.storage,
    hub: wiring.hub,
    log: wiring.log,
    chooseSavePath: wiring.chooseSavePath,
    downloads: wiring.downloads,
  });
}
