/**
 * An order's status, prices and items in the window's language. Prices are in BEANS, the
 * platform's own currency (no ISO code, so not Intl's currency style): the number is formatted by
 * Intl for the locale and the message places the currency's name. Items arrive as the store
 * server's ids (`sticker_pack`); the ones the built-in store sells have words in the catalog, any
 * other reads as its id made readable.
 */
import type { IntlShape } from 'react-intl';
import type { OrderStatus, Product, StoreOrder } from '../../api/contract';
import type { MessageId } from '../../i18n';

export const STATUS_TONE: Record<OrderStatus, 'success' | 'warning' | 'neutral'> = {
  created: 'neutral',
  paid: 'neutral',
  fulfilled: 'success',
  failed: 'warning',
  cancelled: 'neutral',
  refunded: 'warning',
  partially_refunded: 'warning',
};

export function statusWords(intl: IntlShape, status: OrderStatus): string {
  return intl.formatMessage({ id: `store.status.${status}` });
}

export function beans(intl: IntlShape, amount: number): string {
  return intl.formatMessage({ id: 'store.price' }, { amount });
}

/** "3 stickers": one item and its count. */
export function itemWords(intl: IntlShape, item: string, count: number): string {
  const id = `store.item.${item}`;
  if (id !== 'store.item.other' && id in intl.messages) return intl.formatMessage({ id: id as MessageId }, { count });
  return intl.formatMessage({ id: 'store.item.other' }, { count, item: readable(item) });
}

/** "3 stickers and 1 frame": what a product grants or an account owns, in the locale's list; '' for nothing. */
export function itemsInWords(intl: IntlShape, items: Record<string, number>): string {
  const words = Object.entries(items)
    .filter(([, count]) => count > 0)
    .map(([item, count]) => itemWords(intl, item, count));
  return words.length === 0 ? '' : intl.formatList(words, { type: 'conjunction' });
}

export function productName(productId: string, products: readonly Product[]): string {
  return products.find((product) => product.id === productId)?.name ?? productId;
}

export function refundInWords(intl: IntlShape, order: StoreOrder): string | null {
  if (order.refundedAmount === null || order.refundedAmount <= 0) return null;
  return intl.formatMessage({ id: 'store.orders.refunded' }, { refunded: beans(intl, order.refundedAmount), amount: beans(intl, order.amount) });
}

/** An item id as words: `sticker_pack` → `sticker pack`. */
function readable(item: string): string {
  return item.replace(/[_-]+/g, ' ').trim() || item;
}
