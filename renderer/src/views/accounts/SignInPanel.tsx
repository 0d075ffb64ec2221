/**
 * "Add account" while it runs and once it ends: waiting for the person on the platform's page
 * (with a button in case the page did not open, Cancel, and when the link stops working), then what
 * happened, in words.
 */
import { runtime } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Notice } from '../../components/Notice';
import { OpenPageButton } from '../../components/OpenPageButton';
import { accountLabel, cancelSignIn, dismissOutcome, startSignIn, useAccounts, type SignInOutcome } from '../../state/accounts';
import { formatClock, formatCountdown } from '../../format';
import { useNow } from '../../use-now';

export function SignInPanel() {
  const flow = useAccounts((state) => state.flow);
  const outcome = useAccounts((state) => state.outcome);
  if (flow.phase === 'waiting') return <WaitingForConsent authorizeUrl={flow.authorizeUrl} expiresAt={flow.expiresAt} cancelling={flow.cancelling} />;
  if (flow.phase === 'starting') {
    return (
      <div className="sign-in-panel" role="status">
        <span className="spinner" aria-hidden="true" />
        <p className="sign-in-panel__title">Opening the platform's sign-in page…</p>
      </div>
    );
  }
  return outcome ? <SignInOutcomeNotice outcome={outcome} /> : null;
}

/** Where the platform's page went: the desktop app hands it to the system browser (electron/desktop/external-links.ts). */
const OPENED_IN = { electron: 'It opened in your web browser.', web: 'It opened in a new tab.' } as const;

function WaitingForConsent({ authorizeUrl, expiresAt, cancelling }: { authorizeUrl: string; expiresAt: number; cancelling: boolean }) {
  const now = useNow(1000);
  return (
    <section className="sign-in-panel" aria-labelledby="sign-in-waiting-title" role="status">
      <span className="spinner" aria-hidden="true" />
      <div className="sign-in-panel__body">
        <h2 className="sign-in-panel__title" id="sign-in-waiting-title">
          Waiting for you to allow access on the platform's page
        </h2>
        <p className="sign-in-panel__text">
          {OPENED_IN[runtime]} Choose the account there and allow Draftdeck; this page updates by itself. The link works until {formatClock(expiresAt)}{' '}
          <span className="sign-in-panel__countdown">({formatCountdown(expiresAt - now)} left)</span>.
        </p>
        <div className="sign-in-panel__actions">
          <OpenPageButton url={authorizeUrl}>Open the page again</OpenPageButton>
          <Button onClick={() => void cancelSignIn()} busy={cancelling}>
            {cancelling ? 'Cancelling…' : 'Cancel sign-in'}
          </Button>
        </div>
      </div>
    </section>
  );
}

function SignInOutcomeNotice({ outcome }: { outcome: SignInOutcome }) {
  const tryAgain = (
    <Button className="banner__action" onClick={() => void startSignIn()}>
      Try again
    </Button>
  );
  switch (outcome.kind) {
    case 'signed_in':
      return (
        <Notice tone="success" title={`${outcome.again ? 'Signed in again' : 'Signed in'} as ${accountLabel(outcome.account)}`} onDismiss={dismissOutcome} dismissLabel="Dismiss sign-in message">
          {outcome.account.missingScopes.length > 0
            ? `Signed in, but ${outcome.account.missingScopes.join(', ')} was not allowed, so drafts cannot go to this account yet.`
            : 'Drafts can go to this account now: choose it in the Queue.'}
        </Notice>
      );
    case 'declined':
      return (
        <ErrorBanner title="You declined access on the platform's page">
          <p className="banner__detail">No account was added. To add one, start again and choose Allow.</p>
          {tryAgain}
        </ErrorBanner>
      );
    case 'timeout':
      return (
        <ErrorBanner title="The sign-in page was not finished in time">
          <p className="banner__detail">Sign-in links stop working after a few minutes, for safety. Start again when you are ready.</p>
          {tryAgain}
        </ErrorBanner>
      );
    case 'cancelled':
      return <Notice tone="info" title="Sign-in cancelled" onDismiss={dismissOutcome} dismissLabel="Dismiss sign-in message" />;
    case 'failed':
      return (
        <ErrorBanner title="Sign-in did not complete" error={outcome.error}>
          {tryAgain}
        </ErrorBanner>
      );
  }
}
