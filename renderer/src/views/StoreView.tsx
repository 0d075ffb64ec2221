import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';

export function StoreView() {
  return (
    <>
      <PageHeader title="Store" description="In-app items, bought through the platform's payment flow." />
      <EmptyState icon="store" title="No purchases yet" note="The store arrives in a later version of Draftdeck.">
        <p>
          Buy in-app items with the platform's virtual currency. Prices come from the partner backend, not from this app, and an item is yours once the platform confirms the payment
          to that backend.
        </p>
      </EmptyState>
    </>
  );
}
