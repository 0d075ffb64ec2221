import { useEffect, useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Account } from '../api/contract';
import { EmptyState } from '../components/EmptyState';
import { LoadStatus } from '../components/LoadStatus';
import { PageHeader } from '../components/PageHeader';
import { accountLabel, useAccounts } from '../state/accounts';
import { hashFor } from '../state/navigation';
import { buy, chooseStoreAccount, loadCatalog, loadStoreAccount, useStore } from '../state/store';
import { OrderHistory } from './store/OrderHistory';
import { itemsInWords } from './store/order-words';
import { ProductCard } from './store/ProductCard';
import { PurchaseStatus } from './store/PurchaseStatus';

/** While the Store is open, what the account owns is asked for again this often (refunds happen on the platform). */
const REFRESH_MS = 5_000;

export function StoreView() {
  const catalog = useStore((state) => state.catalog);
  const catalogError = useStore((state) => state.catalogError);
  const accountsKnown = useAccounts((state) => state.accounts !== null);
  const buyers = useAccounts(useShallow((state) => (state.accounts ?? []).filter((account) => account.status !== 'sign_in_again')));
  const chosen = useStore((state) => state.chosenOpenId);
  const buyer = buyers.find((account) => account.openId === chosen) ?? buyers[0] ?? null;
  const openId = buyer?.openId ?? null;

  useEffect(() => {
    void loadCatalog();
  }, []);

  useEffect(() => {
    if (!openId || catalog?.available !== true) return;
    void loadStoreAccount(openId);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void loadStoreAccount(openId);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [openId, catalog?.available]);

  const header = <PageHeader title="Store" description="In-app items, paid in BEANS on the platform's payment page. Prices come from the partner backend, not from this app." actions={buyer ? <BuyerPicker buyers={buyers} openId={buyer.openId} /> : undefined} />;

  if (catalog?.available === false) {
    return (
      <>
        {header}
        <EmptyState icon="store" title="No Store for this platform">
          <p>{catalog.reason}</p>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header}
      <div className="store">
        {catalog ? <PurchaseStatus products={catalog.products} /> : null}
        <section className="store__section" aria-labelledby="store-catalog">
          <h2 className="store__title" id="store-catalog">
            Catalog
          </h2>
          {catalog === null ? (
            <LoadStatus what="catalog" error={catalogError} onRetry={() => void loadCatalog()} />
          ) : catalog.products.length === 0 ? (
            <p className="store__muted">The store server sells nothing yet.</p>
          ) : (
            <ul className="product-grid" aria-label="Products">
              {catalog.products.map((product) => (
                <Product key={product.id} productId={product.id} buyer={buyer} />
              ))}
            </ul>
          )}
        </section>
        {buyer ? (
          catalog ? <AccountPurchases account={buyer} /> : null
        ) : accountsKnown ? (
          <EmptyState icon="store" title="No purchases yet">
            <p>
              Sign in with an account to buy: each purchase belongs to the account that paid, and its items show here. <a href={hashFor('accounts')}>Go to Accounts</a>
            </p>
          </EmptyState>
        ) : null}
      </div>
    </>
  );
}

function Product({ productId, buyer }: { productId: string; buyer: Account | null }) {
  const product = useStore((state) => (state.catalog?.available ? state.catalog.products.find((candidate) => candidate.id === productId) : undefined));
  const purchase = useStore((state) => state.purchase);
  if (!product) return null;
  const busy = purchase?.phase === 'starting' && purchase.productId === productId;
  return <ProductCard product={product} canBuy={buyer !== null && purchase?.phase !== 'starting'} busy={busy} onBuy={() => buyer && void buy(buyer.openId, productId)} />;
}

function BuyerPicker({ buyers, openId }: { buyers: readonly Account[]; openId: string }) {
  const id = useId();
  return (
    <div className="toolbar-field">
      <label className="toolbar-field__label" htmlFor={id}>
        Buy as
      </label>
      <select id={id} className="select" value={openId} onChange={(event) => chooseStoreAccount(event.target.value)}>
        {buyers.map((account) => (
          <option key={account.openId} value={account.openId}>
            {accountLabel(account)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What the account owns and its orders. */
function AccountPurchases({ account }: { account: Account }) {
  const data = useStore((state) => state.accounts[account.openId]);
  const error = useStore((state) => state.accountError);
  const label = accountLabel(account);
  if (!data) return <LoadStatus what="purchases" name={label} error={error} onRetry={() => void loadStoreAccount(account.openId)} />;
  const owned = itemsInWords(data.items);
  return (
    <>
      {error ? <LoadStatus what="latestPurchases" name={label} error={error} onRetry={() => void loadStoreAccount(account.openId)} /> : null}
      <section className="store__section" aria-labelledby="store-owned">
        <h2 className="store__title" id="store-owned">
          Owned by {label}
        </h2>
        {owned ? (
          <ul className="owned-list" aria-label={`Items ${label} owns`}>
            {Object.entries(data.items)
              .filter(([, count]) => count > 0)
              .map(([item, count]) => (
                <li key={item} className="chip">
                  {count.toLocaleString()} × {item}
                </li>
              ))}
          </ul>
        ) : (
          <p className="store__muted">Nothing yet.</p>
        )}
      </section>
      <section className="store__section" aria-labelledby="store-orders">
        <h2 className="store__title" id="store-orders">
          Orders
        </h2>
        {data.orders.length === 0 ? (
          <EmptyState icon="store" title="No purchases yet">
            <p>Buy something above: the order and its status show here, refunds included.</p>
          </EmptyState>
        ) : (
          <OrderHistory orders={data.orders} label={label} />
        )}
      </section>
    </>
  );
}
