/** The Store's channels of the contract, on top of the purchases service. */
import type { Handlers } from '../../ipc/dispatcher.js';
import type { PurchasesService } from './purchases-service.js';

type StoreChannel = Extract<keyof Handlers, `store.${string}`>;

export function storeHandlers(purchases: PurchasesService): Pick<Handlers, StoreChannel> {
  return {
    'store.catalog': () => purchases.catalog(),
    'store.account': ({ openId }) => purchases.account(openId),
    'store.buy': ({ openId, productId }) => purchases.buy(openId, productId),
  };
}
