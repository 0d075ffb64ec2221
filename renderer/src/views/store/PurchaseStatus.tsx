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
  const purchase = useStore((state) => state.purchase);
  const error = useStore((state) => state.purchaseError);
  if (error) {
    return (
      <ErrorBanner title="The purchase could not start" error={error}>
        <Button className="banner__action" onClick={dismissPurchase}>
          Dismiss
        </Button>
      </ErrorBanner>
    );
  }
  if (!purchase) return null;
  const name = productName(purchase.productId, products);
  if (purchase.phase === 'starting') {
    return <Notice tone="info" title={`Creating an order for ${name}…`} />;
  }
  const { order, paymentUrl } = purchase;
  const payAgain = <OpenPageButton url={paymentUrl}>Open the payment page again</OpenPageButton>;
  const dismiss = { onDismiss: dismissPurchase, dismissLabel: 'Dismiss purchase status' };
  switch (order.status) {
    case 'created':
      return (
        <Notice tone="info" title={`Pay ${beans(order.amount)} for ${name} on the platform's payment page`} actions={payAgain}>
          Draftdeck is checking with the store server every few seconds; {name} is yours once the platform confirms the payment to it.
        </Notice>
      );
    case 'paid':
      return <Notice tone="info" title={`Payment received: delivering ${name}…`}>The platform confirmed the payment; the store server is adding the items to the account.</Notice>;
    case 'fulfilled': {
      const grants = products.find((product) => product.id === order.productId)?.grants;
      return (
        <Notice tone="success" title={`${name} is yours`} {...dismiss}>
          {grants ? `Added ${itemsInWords(grants)}.` : 'The items were added to the account.'}
        </Notice>
      );
    }
    case 'failed':
      return (
        <Notice tone="warning" title="The payment failed" {...dismiss}>
          Nothing was delivered. Buying again starts a new order.
        </Notice>
      );
    case 'cancelled':
      return (
        <Notice tone="warning" title="The payment was cancelled" {...dismiss}>
          Nothing was delivered. Buying again starts a new order.
        </Notice>
      );
    default:
      return (
        <Notice tone="warning" title={`${name} was refunded`} {...dismiss}>
          The platform took the payment back, and the store server took back what it delivered.
        </Notice>
      );
  }
}
