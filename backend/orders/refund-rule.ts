/**
 * What an order lets its buyer keep after refunds, by the product's refund rule. Pure, and a
 * function of the total refunded (not of each refund), so refunds applied in any order, or
 * before the payment event itself, end in the same entitlements.
 *
 * proportional: of each item, floor(count × (price − refunded) / price) is kept
 * all:          any refund takes back everything
 * none:         refunds take nothing back
 */
import type { RefundRule } from '../config.js';

export type Items = Record<string, number>;

export function keptAfterRefunds(grants: Items, price: number, refunded: number, rule: RefundRule): Items {
  const left = Math.max(0, price - Math.min(refunded, price));
  const kept: Items = {};
  for (const [item, count] of Object.entries(grants)) {
    if (rule === 'none' || refunded <= 0) kept[item] = count;
    else if (rule === 'all') kept[item] = 0;
    else kept[item] = Math.floor((count * left) / price);
  }
  return kept;
}

/** How many of each item a change from `before` to `after` takes back (only positive counts). */
export function takenBack(before: Items, after: Items): Items {
  const out: Items = {};
  for (const [item, count] of Object.entries(before)) {
    const delta = count - (after[item] ?? 0);
    if (delta > 0) out[item] = delta;
  }
  return out;
}
