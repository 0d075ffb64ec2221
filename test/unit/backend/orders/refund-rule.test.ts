import { describe, expect, it } from 'vitest';
import { keptAfterRefunds, takenBack } from '../../../../backend/orders/refund-rule.js';
import { statusAfterEvents } from '../../../../backend/orders/order-status.js';

describe('refund rules', () => {
  it('proportional keeps floor(count × (price − refunded) / price) of each item', () => {
    expect(keptAfterRefunds({ gem: 100, badge: 3 }, 100, 0, 'proportional')).toEqual({ gem: 100, badge: 3 });
    expect(keptAfterRefunds({ gem: 100, badge: 3 }, 100, 25, 'proportional')).toEqual({ gem: 75, badge: 2 });
    expect(keptAfterRefunds({ gem: 100, badge: 3 }, 100, 100, 'proportional')).toEqual({ gem: 0, badge: 0 });
    expect(keptAfterRefunds({ gem: 100 }, 100, 250, 'proportional')).toEqual({ gem: 0 });
    // A share of an item is not kept: 3 × 90 / 100 = 2.7 keeps 2, even where rounding would give 3.
    expect(keptAfterRefunds({ gem: 100, badge: 3 }, 100, 10, 'proportional')).toEqual({ gem: 90, badge: 2 });
    expect(keptAfterRefunds({ badge: 1 }, 30, 1, 'proportional')).toEqual({ badge: 0 });
  });

  it('all takes everything back on any refund; none takes nothing', () => {
    expect(keptAfterRefunds({ pro: 1, gem: 50 }, 500, 1, 'all')).toEqual({ pro: 0, gem: 0 });
    expect(keptAfterRefunds({ pro: 1, gem: 50 }, 500, 0, 'all')).toEqual({ pro: 1, gem: 50 });
    expect(keptAfterRefunds({ pro: 1, gem: 50 }, 500, 500, 'none')).toEqual({ pro: 1, gem: 50 });
  });

  it('takes back the same total whether refunds come one by one or at once', () => {
    const grants = { gem: 100 };
    const stepwise = [10, 15, 30].reduce(
      (acc, part) => {
        const back = takenBack(keptAfterRefunds(grants, 100, acc.refunded, 'proportional'), keptAfterRefunds(grants, 100, acc.refunded + part, 'proportional'));
        return { refunded: acc.refunded + part, back: acc.back + (back.gem ?? 0) };
      },
      { refunded: 0, back: 0 },
    );
    expect(stepwise.back).toBe(takenBack(grants, keptAfterRefunds(grants, 100, 55, 'proportional')).gem);
  });

  it('derives the status from fulfilment and refunds', () => {
    expect(statusAfterEvents({ status: 'created', fulfilled: false, amount: 100, refundedAmount: 30 })).toBe('created');
    expect(statusAfterEvents({ status: 'created', fulfilled: true, amount: 100, refundedAmount: 0 })).toBe('fulfilled');
    expect(statusAfterEvents({ status: 'created', fulfilled: true, amount: 100, refundedAmount: 30 })).toBe('partially_refunded');
    expect(statusAfterEvents({ status: 'cancelled', fulfilled: true, amount: 100, refundedAmount: 100 })).toBe('refunded');
  });
});
