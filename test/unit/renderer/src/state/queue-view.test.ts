import { describe, expect, it, vi } from 'vitest';
import { createIntl } from 'react-intl';
import type { IpcError } from '../../../../../electron/core/result.js';

// The store's modules reach the transport when loaded (a browser's): the client's error class as it is, and a bulk
// call that answers with the refusal the main process sends when it cannot be reached.
vi.mock('../../../../../renderer/src/api/client.js', () => ({
  onBatch: () => undefined,
  onResync: () => undefined,
  ApiError: class ApiError extends Error {
    readonly code: string;
    readonly words: IpcError['words'];
    constructor(error: IpcError) {
      super(error.message);
      this.code = error.code;
      this.words = error.words;
    }
  },
}));
vi.mock('../../../../../renderer/src/state/connection.js', async () => {
  const { ApiError } = await import('../../../../../renderer/src/api/client.js');
  const refusal: IpcError = { code: 'host_unreachable', message: 'host_unreachable: fetch failed', words: { code: 'host_unreachable', params: {} } };
  return { request: () => Promise.reject(new ApiError(refusal)) };
});
const { runBulk, useQueueView } = await import('../../../../../renderer/src/state/queue-view.js');
const { sayError } = await import('../../../../../renderer/src/i18n/main-words.js');
const { loadCatalog } = await import('../../../../../renderer/src/i18n/catalogs.js');

describe('a bulk action that fails as a whole', () => {
  it('keeps the refusal, so the report says it in the window’s language and keeps the code for Details', async () => {
    await runBulk('retry', ['a']);
    const error = useQueueView.getState().bulkReport?.error;
    expect(error?.code).toBe('host_unreachable');
    const intl = createIntl({ locale: 'es', messages: await loadCatalog('es') });
    const said = sayError(intl, error!);
    expect(said).not.toMatch(/host_unreachable|fetch failed/);
    expect(said).toBe(intl.formatMessage({ id: 'main.host_unreachable' }));
  });
});
