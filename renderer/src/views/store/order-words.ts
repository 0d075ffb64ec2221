/** An order's status and amounts in the words the Store shows. */
import type { OrderStatus, Product, StoreOrder } from '../../api/contract';


export const STATUS_WORDS: Record<OrderStatus, string> = {
  created: 'Waiting for payment',
  paid: 'Paid, delivering',
  fulfilled: 'Delivered',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

export const STATUS_TONE: Record<OrderStatus, 'success' | 'warning' | 'neutral'> = {
  created: 'neutral',
  paid: 'neutral',
  fulfilled: 'success',
  failed: 'warning',
  cancelled: 'neutral',
  refunded: 'warning',
  partially_refunded: 'warning',
};

export const beans = (amount: number) => `${amount.toLocaleString()} BEANS`;

/** "3 stickers, 1 frame": what a product grants or an account owns. */
export function itemsInWords(items: Record<string, number>): string {
  return Object.entries(items)
    .filter(([, count]) => count > 0)
    .map(([item, count]) => `${count.toLocaleString()} × ${item}`)
    .join(', ');
}

export function productName(productId: string, products: readonly Product[]): string {
  return products.find((product) => product.id === productId)?.name ?? productId;
}

export function refundInWords(order: StoreOrder): string | null {
  if (order.refundedAmount === null || order.refundedAmount <= 0) return null;
  return `${beans(order.refundedAmount)} of ${beans(order.amount)} refunded`;
}

