/** The Store's channels of the contract, on top of the purchases service. */
import type { storeChannels } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import type { PurchasesService } from './purchases-service.js';

export function storeHandlers(purchases: PurchasesService): HandlersFor<typeof storeChannels> {
  return {
    'store.catalog': () => purchases.catalog(),
    'store.account': ({ openId }) => purchases.account(openId),
    'store.buy': ({ openId, productId }) => purchases.buy(openId, productId),
  };
}
