import { useIntl } from 'react-intl';
import type { Product } from '../../api/contract';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Notice } from '../../components/Notice';
import { OpenPageButton } from '../../components/OpenPageButton';
import { dismissPurchase, useStore } from '../../state/store';
import { beans, itemsInWords, productName } from './order-words';

/**
 * The purchase under way, live: the status is what the store server says (the app asks it every
 * few seconds), never what the payment page showed.
 */
export function PurchaseStatus({ products }: { products: readonly Product[] }) {
  const intl = useIntl();
  const purchase = useStore((state) => state.purchase);
  const error = useStore((state) => state.purchaseError);
  if (error) {
    return (
      <ErrorBanner title={intl.formatMessage({ id: 'store.purchase.startFailed' })} error={error}>
        <Button className="banner__action" onClick={dismissPurchase}>
          {intl.formatMessage({ id: 'store.purchase.dismiss' })}
        </Button>
      </ErrorBanner>
    );
  }
  if (!purchase) return null;
  const name = productName(purchase.productId, products);
  if (purchase.phase === 'starting') {
    return <Notice tone="info" title={intl.formatMessage({ id: 'store.purchase.starting' }, { name })} />;
  }
  const { order, paymentUrl } = purchase;
  const payAgain = <OpenPageButton url={paymentUrl}>{intl.formatMessage({ id: 'store.purchase.payAgain' })}</OpenPageButton>;
  const dismiss = { onDismiss: dismissPurchase, dismissLabel: intl.formatMessage({ id: 'store.purchase.dismissStatus' }) };
  switch (order.status) {
    case 'created':
      return (
        <Notice tone="info" title={intl.formatMessage({ id: 'store.purchase.created.title' }, { price: beans(intl, order.amount), name })} actions={payAgain}>
          {intl.formatMessage({ id: 'store.purchase.created.body' }, { name })}
        </Notice>
      );
    case 'paid':
      return (
        <Notice tone="info" title={intl.formatMessage({ id: 'store.purchase.paid.title' }, { name })}>
          {intl.formatMessage({ id: 'store.purchase.paid.body' })}
        </Notice>
      );
    case 'fulfilled': {
      const grants = products.find((product) => product.id === order.productId)?.grants;
      const items = grants ? itemsInWords(intl, grants) : '';
      return (
        <Notice tone="success" title={intl.formatMessage({ id: 'store.purchase.fulfilled.title' }, { name })} {...dismiss}>
          {items ? intl.formatMessage({ id: 'store.purchase.fulfilled.added' }, { items }) : intl.formatMessage({ id: 'store.purchase.fulfilled.addedUnknown' })}
        </Notice>
      );
    }
    case 'failed':
    case 'cancelled':
      return (
        <Notice tone="warning" title={intl.formatMessage({ id: order.status === 'failed' ? 'store.purchase.failed.title' : 'store.purchase.cancelled.title' })} {...dismiss}>
          {intl.formatMessage({ id: 'store.purchase.nothingDelivered' })}
        </Notice>
      );
    default:
      return (
        <Notice tone="warning" title={intl.formatMessage({ id: 'store.purchase.refunded.title' }, { name })} {...dismiss}>
          {intl.formatMessage({ id: 'store.purchase.refunded.body' })}
        </Notice>
      );
  }
}
