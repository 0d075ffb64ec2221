import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { Product } from '../../api/contract';
import { Button } from '../../components/Button';
import { beans, itemsInWords } from './order-words';

/** One product: what it costs (the store server's price) and what it gives. */
export function ProductCard({ product, canBuy, busy, onBuy }: { product: Product; canBuy: boolean; busy: boolean; onBuy: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const grants = itemsInWords(intl, product.grants);
  return (
    <li className="product-card" aria-labelledby={titleId}>
      {product.imageUrl ? <img className="product-card__image" src={product.imageUrl} alt="" width={48} height={48} /> : null}
      <h3 className="product-card__name" id={titleId}>
        {/* The store server's name, in its own direction: "100 gems" stays that in an Arabic window. */}
        <bdi>{product.name}</bdi>
      </h3>
      <p className="product-card__price">{beans(intl, product.priceBeans)}</p>
      <p className="product-card__grants">{grants ? intl.formatMessage({ id: 'store.product.gives' }, { items: grants }) : intl.formatMessage({ id: 'store.product.givesNothing' })}</p>
      <Button variant="primary" busy={busy} unavailable={!canBuy} onClick={onBuy} aria-label={intl.formatMessage({ id: 'store.product.buyLabel' }, { name: product.name })}>
        {intl.formatMessage({ id: 'store.product.buy' })}
      </Button>
    </li>
  );
}
