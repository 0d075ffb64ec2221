/**
 * The Store's channels and events: the partner backend's catalog, an account's owned items and
 * orders, and buying. Prices, amounts and what an order grants come from the backend (the spec
 * makes the partner's server decide them); the renderer only names a product. No token crosses:
 * the main process calls the backend with the account's access token on the renderer's behalf.
 */
import { z } from 'zod';
import { ORDER_STATUSES, OrderStatus } from '../../../platform-api/wire/orders.js';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';
import { Words } from './words.js';

const OpenId = z.string().min(1).max(200);

export { ORDER_STATUSES, OrderStatus };

/** A status after which the payment step is over (the order may still be refunded later). */
export const SETTLED_STATUSES: readonly OrderStatus[] = ['fulfilled', 'failed', 'cancelled', 'refunded', 'partially_refunded'];

export const Product = z.object({
  id: z.string(),
  name: z.string(),
  priceBeans: z.number(),
  /** What one purchase grants: item → count. */
  grants: z.record(z.string(), z.number()),
  imageUrl: z.string().nullable(),
});
export type Product = z.infer<typeof Product>;

export const StoreOrder = z.object({
  orderId: z.string(),
  tradeOrderId: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  /** In BEANS, as the backend decided it. */
  amount: z.number(),
  status: OrderStatus,
  /** BEANS the platform took back through refunds, when the backend tells. */
  refundedAmount: z.number().nullable(),
  /** Why it failed, in words, when it did. */
  failure: z.string().nullable(),
  /** ms since the epoch, when the backend tells. */
  createdAt: z.number().nullable(),
});
export type StoreOrder = z.infer<typeof StoreOrder>;

/** Whether the active profile has a Store, and why not in words. */
export const StoreCatalog = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true), products: z.array(Product) }),
  /** `reason` in English (scripts, logs); `words` (`store.unavailable`) for the window to say in its language. */
  z.object({ available: z.literal(false), reason: z.string(), words: Words }),
]);
export type StoreCatalog = z.infer<typeof StoreCatalog>;

/** What an account owns and its orders, newest first. */
export const StoreAccount = z.object({
  openId: z.string(),
  items: z.record(z.string(), z.number()),
  orders: z.array(StoreOrder),
});
export type StoreAccount = z.infer<typeof StoreAccount>;

export const PurchaseStarted = z.object({
  order: StoreOrder,
  /** The platform's payment step. When openedExternally is false (web mode), the renderer opens it. */
  paymentUrl: z.string(),
  openedExternally: z.boolean(),
});
export type PurchaseStarted = z.infer<typeof PurchaseStarted>;

export const storeChannels = {
  /** The products the backend sells, or why this profile has no Store. */
  'store.catalog': { input: NoInput, output: StoreCatalog },
  /** Owned items and orders of one account of the active profile; resumes watching unfinished payments. */
  'store.account': { input: z.object({ openId: OpenId }).strict(), output: StoreAccount },
  /** Creates an order on the backend and opens its payment step; the outcome arrives as store.orderUpdated. */
  'store.buy': { input: z.object({ openId: OpenId, productId: z.string().min(1).max(200) }).strict(), output: PurchaseStarted },
} as const satisfies ChannelTable;

export const storeEvents = {
  /** An order's status as the backend answered it while the app watched the payment. */
  'store.orderUpdated': z.object({ openId: z.string(), order: StoreOrder }),
  /** An account's owned items changed (an order was fulfilled). */
  'store.itemsChanged': z.object({ openId: z.string(), items: z.record(z.string(), z.number()) }),
} as const satisfies EventTable;

export const storeDocs = {
  title: 'Store',
  channels: {
    'store.catalog': {
      output:
        "`{available: true, products: [{id, name, priceBeans, grants, imageUrl}]}` from the profile's partner backend, or `{available: false, reason, words}` " +
        '(a custom profile whose secret is in the vault has no backend)',
    },
    'store.account': {
      output:
        '`{openId, items: {item: count}, orders}`: what the account owns and its orders, newest first (`orderId`, `tradeOrderId`, `productId`, `productName`, `amount`, ' +
        '`status`, `refundedAmount`, `failure`, `createdAt`); resumes following any payment still under way',
    },
    'store.buy': {
      output:
        '`{order, paymentUrl, openedExternally}`: the backend created the order at its own price; open `paymentUrl` yourself when `openedExternally` is false (web mode); ' +
        'the outcome arrives as `store.orderUpdated`',
    },
  },
  events: {
    'store.orderUpdated': "`{openId, order}`: an order's new status, as the partner backend answered while the app followed the payment",
    'store.itemsChanged': '`{openId, items}`: what the account owns, after an order was fulfilled',
  },
} satisfies ContractDocs<typeof storeChannels, typeof storeEvents>;
