import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';

export function StoreView() {
  return (
    <>
      <PageHeader title="Store" description="In-app items, bought through the platform's payment flow." />
      <EmptyState icon="store" title="No purchases yet" note="The store arrives in a later version of Draftdeck.">
        <p>The price of each item is set by the partner backend, not by this app, and an item is delivered only once the platform confirms the payment to that backend.</p>
      </EmptyState>
    </>
  );
}
