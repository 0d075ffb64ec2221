/**
 * The Store: the backend's catalog, the chosen account's owned items and orders, and the purchase
 * under way. The main process watches a payment (it asks the partner backend, never the payment
 * page) and tells this window through store.orderUpdated and store.itemsChanged; this store folds
 * those into what the view shows. While the Store is open, the account is also reloaded now and
 * then, so a refund made on the platform shows up without a click.
 */
import { create } from 'zustand';
import type { ApiError} from '../api/client';
import { on, onResync, openExternal } from '../api/client';
import { onPlatformRunning } from './builtin-platform';
import type { StoreAccount, StoreCatalog, StoreOrder } from '../api/contract';
import { request } from './connection';
import { asApiError, useSettings } from './settings';

export type Purchase =
  | { phase: 'starting'; openId: string; productId: string }
  | { phase: 'paying'; openId: string; productId: string; order: StoreOrder; paymentUrl: string };

interface StoreState {
  catalog: StoreCatalog | null;
  catalogError: ApiError | null;
  /** The account the Store shows and buys for (null: the first signed-in one). */
  chosenOpenId: string | null;
  accounts: Record<string, StoreAccount>;
  accountError: ApiError | null;
  purchase: Purchase | null;
  purchaseError: ApiError | null;
}

export const useStore = create<StoreState>()(() => ({ catalog: null, catalogError: null, chosenOpenId: null, accounts: {}, accountError: null, purchase: null, purchaseError: null }));

export async function loadCatalog(): Promise<void> {
  try {
    useStore.setState({ catalog: await request('store.catalog'), catalogError: null });
  } catch (error) {
    useStore.setState({ catalogError: asApiError(error) });
  }
}

export async function loadStoreAccount(openId: string): Promise<void> {
  try {
    const account = await request('store.account', { openId });
    useStore.setState((state) => ({ accounts: { ...state.accounts, [openId]: account }, accountError: state.chosenOpenId === openId || state.chosenOpenId === null ? null : state.accountError }));
  } catch (error) {
    useStore.setState({ accountError: asApiError(error) });
  }
}

export function chooseStoreAccount(openId: string): void {
  useStore.setState({ chosenOpenId: openId, accountError: null });
  void loadStoreAccount(openId);
}

/** Buy: the backend creates the order, then the platform's payment page opens (a new tab in web mode). */
export async function buy(openId: string, productId: string): Promise<void> {
  const { purchase } = useStore.getState();
  if (purchase?.phase === 'starting') return;
  useStore.setState({ purchase: { phase: 'starting', openId, productId }, purchaseError: null });
  let started;
  try {
    started = await request('store.buy', { openId, productId });
  } catch (error) {
    useStore.setState({ purchase: null, purchaseError: asApiError(error) });
    return;
  }
  const latest = latestOrder(openId, started.order);
  useStore.setState({ purchase: { phase: 'paying', openId, productId, order: latest, paymentUrl: started.paymentUrl } });
  upsertOrder(openId, latest);
  // Still inside the click's user activation, so a popup blocker lets the tab open; the status panel links to it too.
  if (!started.openedExternally) await openExternal(started.paymentUrl).catch(() => undefined);
}

export function dismissPurchase(): void {
  useStore.setState({ purchase: null, purchaseError: null });
}

/** An event may have overtaken store.buy's answer: keep whichever the backend said last. */
function latestOrder(openId: string, order: StoreOrder): StoreOrder {
  const known = useStore.getState().accounts[openId]?.orders.find((candidate) => candidate.orderId === order.orderId);
  return known && known.status !== 'created' ? known : order;
}

function upsertOrder(openId: string, order: StoreOrder): void {
  useStore.setState((state) => {
    const account = state.accounts[openId] ?? { openId, items: {}, orders: [] };
    const exists = account.orders.some((candidate) => candidate.orderId === order.orderId);
    const orders = exists ? account.orders.map((candidate) => (candidate.orderId === order.orderId ? order : candidate)) : [order, ...account.orders];
    const purchase = state.purchase?.phase === 'paying' && state.purchase.order.orderId === order.orderId ? { ...state.purchase, order } : state.purchase;
    return { accounts: { ...state.accounts, [openId]: { ...account, orders } }, purchase };
  });
}

let started = false;

export function startStore(): void {
  if (started) return;
  started = true;
  on('store.orderUpdated', ({ openId, order }) => upsertOrder(openId, order));
  on('store.itemsChanged', ({ openId, items }) =>
    useStore.setState((state) => {
      const account = state.accounts[openId] ?? { openId, items: {}, orders: [] };
      return { accounts: { ...state.accounts, [openId]: { ...account, items } } };
    }),
  );
  // Events missed while the stream was away, or the built-in platform (the Store's backend) just
  // came to run: ask again.
  const reload = () => {
    const { chosenOpenId } = useStore.getState();
    void loadCatalog();
    if (chosenOpenId) void loadStoreAccount(chosenOpenId);
  };
  onResync(reload);
  onPlatformRunning(reload);
  // Another profile has another backend (and other accounts): start over.
  useSettings.subscribe((state, previous) => {
    const before = previous.settings?.profile;
    const after = state.settings?.profile;
    if (!before || !after || JSON.stringify(before) === JSON.stringify(after)) return;
    useStore.setState({ catalog: null, catalogError: null, accounts: {}, accountError: null, purchase: null, purchaseError: null, chosenOpenId: null });
    void loadCatalog();
  });
}
