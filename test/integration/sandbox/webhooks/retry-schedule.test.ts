/**
 * The whole retry schedule and the order transitions, checked as the pure rules they are (the
 * HTTP tests beside this file sample them through a real sandbox and receiver).
 */
import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, nextAttemptAt, retryDelayMs } from '../../../../sandbox/webhooks/backoff.js';
import { signatureHeaderValue } from '../../../../sandbox/webhooks/signature.js';
import { applyAction, applyRefund, type OrderRecord } from '../../../../sandbox/payments/order-states.js';
import { verifySignature } from '../../../support/webhook-receiver.js';

describe('webhook retry schedule', () => {
  it('doubles from 10 s and is capped at one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50].map((n) => retryDelayMs(n) / 1000)).toEqual([10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600, 3600]);
  });

  it('retries on time for 72 hours after the first attempt, then gives up', () => {
    const first = 1_000_000;
    let at = first;
    let failures = 0;
    const attempts = [at];
    for (;;) {
      failures += 1;
      const next = nextAttemptAt(first, at, failures);
      if (next === null) break;
      at = next;
      attempts.push(at);
    }
    expect(attempts.at(-1)! - first).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(attempts.at(-1)! + retryDelayMs(failures) - first).toBeGreaterThan(GIVE_UP_AFTER_MS);
    // 9 doubling gaps (10 s … 2560 s, 5110 s in all), then hourly up to 72 h: 80 attempts.
    expect(attempts).toHaveLength(1 + 9 + Math.floor((GIVE_UP_AFTER_MS / 1000 - 5110) / 3600));
  });

  it('an attempt that ran late (the clock jumped) schedules from when it ran', () => {
    expect(nextAttemptAt(0, 71 * 3_600_000, 1)).toBe(71 * 3_600_000 + 10_000);
    expect(nextAttemptAt(0, 72 * 3_600_000, 2)).toBeNull();
  });

  it('signs t + "../../sandbox-payments" + body with the client secret', () => {
    const header = signatureHeaderValue('s3cret', 1_795_400_000, '{"a":1}');
    expect(header).toMatch(/^t=1795400000,s=[0-9a-f]{64}$/);
    expect(verifySignature(header, '{"a":1}', 's3cret')).toEqual({ valid: true, t: 1_795_400_000 });
    expect(verifySignature(header, '{"a":2}', 's3cret').valid).toBe(false);
  });
});

describe('order transitions', () => {
  const order = (status: OrderRecord['status'], amount = 10): OrderRecord => ({
    trade_order_id: '1', client_key: 'k', open_id: 'u', order_id: 'o', token_type: 'BEANS', token_amount: amount, order_info: { order_id: 'o', product_name: 'p' },
    fingerprint: '', status, created_at: 0, paid_at: null, closed_at: null, refunds: [], delivery_ids: [],
  });

  it('created takes pay, fail or cancel once; paid, failed and cancelled refuse all three', () => {
    expect(applyAction(order('created'), 'pay', 5)).toMatchObject({ ok: true, order: { status: 'paid', paid_at: 5 } });
    expect(applyAction(order('created'), 'fail', 5)).toMatchObject({ ok: true, order: { status: 'failed', closed_at: 5 } });
    expect(applyAction(order('created'), 'cancel', 5)).toMatchObject({ ok: true, order: { status: 'cancelled', closed_at: 5 } });
    for (const action of ['pay', 'fail', 'cancel'] as const) {
      expect(applyAction(order('paid'), action, 5)).toMatchObject({ ok: false, refusal: { code: 'order_already_paid' } });
      expect(applyAction(order('failed'), action, 5)).toMatchObject({ ok: false, refusal: { code: 'order_closed' } });
      expect(applyAction(order('cancelled'), action, 5)).toMatchObject({ ok: false, refusal: { code: 'order_closed' } });
    }
  });

  it('refunds: only paid orders, whole amounts up to what is left', () => {
    expect(applyRefund(order('created'), 1, 0)).toMatchObject({ ok: false, refusal: { code: 'order_not_paid' } });
    const paid = order('paid', 10);
    const first = applyRefund(paid, 7, 1);
    expect(first).toMatchObject({ ok: true, order: { refunds: [{ refund_amount: 7, at: 1 }] } });
    if (!first.ok) return;
    expect(applyRefund(first.order, 4, 2)).toMatchObject({ ok: false, refusal: { code: 'invalid_params', message: expect.stringMatching(/from 1 to 3/) } });
    for (const bad of [0, -1, 2.5, Number.NaN]) expect(applyRefund(paid, bad, 2).ok).toBe(false);
  });
});
