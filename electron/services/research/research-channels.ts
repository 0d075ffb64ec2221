/** The research channels of the contract (electron/core/contract/research.ts), on the research service. */
import type { researchChannels } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import type { ResearchService } from './research-service.js';

export function researchHandlers(research: ResearchService): HandlersFor<typeof researchChannels> {
  return {
    'research.status': () => research.status(),
    'research.search.start': ({ request, savedQueryId }) => research.start(request, savedQueryId),
    'research.search.load': ({ sessionId, upTo }) => research.load(sessionId, upTo),
    'research.search.cancel': ({ sessionId }) => research.cancel(sessionId),
    'research.search.rows': ({ sessionId, from, max, sort }) => research.rows(sessionId, from, max, sort),
    'research.search.days': ({ sessionId }) => research.days(sessionId),
    'research.search.close': ({ sessionId }) => research.closeSearch(sessionId),
    'research.export': ({ sessionId, format }) => research.export(sessionId, format),
    'research.account': ({ username, fields }) => research.account(username, fields),
    'research.videoPage': ({ id, username }) => research.videoPage(id, username),
    'research.saved.list': () => research.savedList(),
    'research.saved.save': ({ name, request }) => research.saveQuery(name, request),
    'research.saved.remove': ({ id }) => research.removeSaved(id),
  };
}
