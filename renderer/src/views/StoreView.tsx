import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Account } from '../api/contract';
import { EmptyState } from '../components/EmptyState';
import { LoadStatus } from '../components/LoadStatus';
import { PageHeader } from '../components/PageHeader';
import { sayWords } from '../i18n/main-words';
import { accountLabel, useAccounts } from '../state/accounts';
import { hashFor } from '../state/navigation';
import { buy, chooseStoreAccount, loadCatalog, loadStoreAccount, useStore } from '../state/store';
import { OrderHistory } from './store/OrderHistory';
import { itemsInWords, itemWords } from './store/order-words';
import { ProductCard } from './store/ProductCard';
import { PurchaseStatus } from './store/PurchaseStatus';

/** While the Store is open, what the account owns is asked for again this often (refunds happen on the platform). */
const REFRESH_MS = 5_000;

export function StoreView() {
  const intl = useIntl();
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

  const header = (
    <PageHeader
      title={intl.formatMessage({ id: 'store.title' })}
      description={intl.formatMessage({ id: 'store.description' })}
      actions={buyer ? <BuyerPicker buyers={buyers} openId={buyer.openId} /> : undefined}
    />
  );

  if (catalog?.available === false) {
    return (
      <>
        {header}
        <EmptyState icon="store" title={intl.formatMessage({ id: 'store.unavailable.title' })}>
          <p>{sayWords(intl, catalog.words)}</p>
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
            {intl.formatMessage({ id: 'store.catalog.title' })}
          </h2>
          {catalog === null ? (
            <LoadStatus what="catalog" error={catalogError} onRetry={() => void loadCatalog()} />
          ) : catalog.products.length === 0 ? (
            <p className="store__muted">{intl.formatMessage({ id: 'store.catalog.empty' })}</p>
          ) : (
            <ul className="product-grid" aria-label={intl.formatMessage({ id: 'store.catalog.products' })}>
              {catalog.products.map((product) => (
                <Product key={product.id} productId={product.id} buyer={buyer} />
              ))}
            </ul>
          )}
        </section>
        {buyer ? (
          catalog ? <AccountPurchases account={buyer} /> : null
        ) : accountsKnown ? (
          <EmptyState icon="store" title={intl.formatMessage({ id: 'store.noPurchases.title' })}>
            <p>
              {intl.formatMessage({ id: 'store.signInToBuy' })} <a href={hashFor('accounts')}>{intl.formatMessage({ id: 'store.goToAccounts' })}</a>
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
  const intl = useIntl();
  const id = useId();
  return (
    <div className="toolbar-field">
      <label className="toolbar-field__label" htmlFor={id}>
        {intl.formatMessage({ id: 'store.buyAs' })}
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
  const intl = useIntl();
  const data = useStore((state) => state.accounts[account.openId]);
  const error = useStore((state) => state.accountError);
  const label = accountLabel(account);
  if (!data) return <LoadStatus what="purchases" name={label} error={error} onRetry={() => void loadStoreAccount(account.openId)} />;
  const owned = itemsInWords(intl, data.items);
  return (
    <>
      {error ? <LoadStatus what="latestPurchases" name={label} error={error} onRetry={() => void loadStoreAccount(account.openId)} /> : null}
      <section className="store__section" aria-labelledby="store-owned">
        <h2 className="store__title" id="store-owned">
          {intl.formatMessage({ id: 'store.owned.title' }, { name: label })}
        </h2>
        {owned ? (
          <ul className="owned-list" aria-label={intl.formatMessage({ id: 'store.owned.label' }, { name: label })}>
            {Object.entries(data.items)
              .filter(([, count]) => count > 0)
              .map(([item, count]) => (
                <li key={item} className="chip">
                  {itemWords(intl, item, count)}
                </li>
              ))}
          </ul>
        ) : (
          <p className="store__muted">{intl.formatMessage({ id: 'store.owned.none' })}</p>
        )}
      </section>
      <section className="store__section" aria-labelledby="store-orders">
        <h2 className="store__title" id="store-orders">
          {intl.formatMessage({ id: 'store.orders.title' })}
        </h2>
        {data.orders.length === 0 ? (
          <EmptyState icon="store" title={intl.formatMessage({ id: 'store.noPurchases.title' })}>
            <p>{intl.formatMessage({ id: 'store.orders.empty' })}</p>
          </EmptyState>
        ) : (
          <OrderHistory orders={data.orders} label={label} />
        )}
      </section>
    </>
  );
}
