import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';

// No "Add account" button until a sign-in channel exists: a button that cannot work is a lie.
export function AccountsView() {
  return (
    <>
      <PageHeader title="Accounts" description="The creator accounts Draftdeck delivers drafts to." />
      <EmptyState icon="accounts" title="No accounts signed in" note="Sign-in arrives in a later version of Draftdeck.">
        <p>
          Sign in with one or more accounts on the platform. Each account you add can receive videos from the Queue and photo posts; its tokens stay in Draftdeck's background
          service and never reach this window.
        </p>
      </EmptyState>
    </>
  );
}
