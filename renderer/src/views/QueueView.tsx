import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { hashFor } from '../state/navigation';

export function QueueView() {
  return (
    <>
      <PageHeader title="Queue" description="Every video on its way to an account's inbox, with its progress and the platform's status." />
      <EmptyState
        icon="queue"
        title="No drafts yet"
        actions={
          <a className="button button--primary" href={hashFor('accounts')}>
            Go to Accounts
          </a>
        }
        note="MP4, MOV or WebM videos up to 4 GB each."
      >
        <p>
          Add an account, then drop videos here. Draftdeck sends each one to the account's inbox as a draft, in chunks that resume after a crash or a dropped connection, and you
          finish the post in the platform's app.
        </p>
      </EmptyState>
    </>
  );
}
