/**
 * The Store's waits come from its deps (AppHost.timing's storePollMs and storeRetryMs reach it
 * through createApp), so tests can follow a payment without waiting real seconds: the order is
 * read again after pollMs, and a lost answer is sent again after the injected backoff.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../../common/log.js';
import type { ApiResult, PlatformError } from '../../../../../platform-api/errors.js';
import type { BackendOrder, StoreApi } from '../../../../../platform-api/backend-store.js';
import { PurchasesService, type StoreAccounts } from '../../../../../electron/services/purchases/purchases-service.js';
import type { PlatformRuntime } from '../../../../../electron/services/auth/runtime.js';

const runtime = { key: 'sandbox', backendUrl: 'http://127.0.0.1:9/' } as unknown as PlatformRuntime;
const accounts: StoreAccounts = {
  runtime: async () => runtime,
  account: () => ({}),
  tokens: { withAccessToken: (_runtime, _openId, call) => call('token') },
};
const order: BackendOrder = { order_id: 'o1', product_id: 'gems_100', product_name: 'Gems', amount: 100, status: 'created', payment_url: 'https://pay.example/o1' };
const lost: PlatformError = { kind: 'network', httpStatus: null, code: 'network_error', message: 'socket hang up', logId: null };

function store(api: Partial<StoreApi>) {
  return new PurchasesService({
    accounts,
    api: api as StoreApi,
    hub: { emit: () => undefined },
    log: createLogger({ name: 'purchases-test', level: 'silent' }),
    openExternal: async () => true,
    pollMs: 200,
    backoff: { baseMs: 100, maxMs: 1_000 },
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the Store’s injected waits', () => {
  it('reads a payment under way again after pollMs', async () => {
    const reads = vi.fn(async (): Promise<ApiResult<BackendOrder>> => ({ ok: true, value: order }));
    const purchases = store({ createOrder: async () => ({ ok: true, value: order }), order: reads });
    await purchases.buy('sbx-user-ava', 'gems_100');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(reads).toHaveBeenCalledTimes(2);
    purchases.close();
  });

  it('sends an order whose answer was lost again after the injected backoff (at most its base on the first retry)', async () => {
    const creates = vi.fn<StoreApi['createOrder']>().mockResolvedValueOnce({ ok: false, error: lost }).mockResolvedValue({ ok: true, value: order });
    const purchases = store({ createOrder: creates, order: async () => ({ ok: true, value: { ...order, status: 'cancelled' } }) });
    const bought = purchases.buy('sbx-user-ava', 'gems_100');
    await vi.advanceTimersByTimeAsync(0);
    expect(creates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(creates).toHaveBeenCalledTimes(2);
    await expect(bought).resolves.toMatchObject({ order: { orderId: 'o1' } });
    purchases.close();
  });

  it('waits the injected backoff, not pollMs alone, before reading an order again after a lost answer', async () => {
    const reads = vi.fn<StoreApi['order']>().mockResolvedValueOnce({ ok: false, error: lost }).mockResolvedValue({ ok: true, value: { ...order, status: 'cancelled' } });
    const purchases = new PurchasesService({ accounts, api: { createOrder: async () => ({ ok: true, value: order }), order: reads } as unknown as StoreApi, hub: { emit: () => undefined }, log: createLogger({ name: 'purchases-test', level: 'silent' }), openExternal: async () => true, pollMs: 10, backoff: { baseMs: 100, maxMs: 1_000 } });
    await purchases.buy('sbx-user-ava', 'gems_100');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(reads).toHaveBeenCalledTimes(2);
    purchases.close();
  });
});
