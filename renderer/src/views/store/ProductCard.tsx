import { useId } from 'react';
import type { Product } from '../../api/contract';
import { Button } from '../../components/Button';
import { beans, itemsInWords } from './order-words';

/** One product: what it costs (the backend's price) and what it gives. */
export function ProductCard({ product, canBuy, busy, onBuy }: { product: Product; canBuy: boolean; busy: boolean; onBuy: () => void }) {
  const titleId = useId();
  return (
    <li className="product-card" aria-labelledby={titleId}>
      {product.imageUrl ? <img className="product-card__image" src={product.imageUrl} alt="" width={48} height={48} /> : null}
      <h3 className="product-card__name" id={titleId}>
        {product.name}
      </h3>
      <p className="product-card__price">{beans(product.priceBeans)}</p>
      <p className="product-card__grants">Gives {itemsInWords(product.grants) || 'nothing'}</p>
      <Button variant="primary" busy={busy} unavailable={!canBuy} onClick={onBuy} aria-label={`Buy ${product.name}`}>
        Buy
      </Button>
    </li>
  );
}
