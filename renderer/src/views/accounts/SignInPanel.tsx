/**
 * "Add account" while it runs and once it ends: waiting for the person on the platform's page
 * (with a button in case the page did not open, Cancel, and when the link stops working), then what
 * happened, in words.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { runtime } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Notice } from '../../components/Notice';
import { OpenPageButton } from '../../components/OpenPageButton';
import { accountLabel, cancelSignIn, dismissOutcome, startSignIn, useAccounts, type SignInOutcome } from '../../state/accounts';
import { useFormat } from '../../i18n';
import { useNow } from '../../use-now';

export function SignInPanel() {
  const intl = useIntl();
  const flow = useAccounts((state) => state.flow);
  const outcome = useAccounts((state) => state.outcome);
  if (flow.phase === 'waiting') return <WaitingForConsent authorizeUrl={flow.authorizeUrl} expiresAt={flow.expiresAt} cancelling={flow.cancelling} />;
  if (flow.phase === 'starting') {
    return (
      <div className="sign-in-panel" role="status">
        <span className="spinner" aria-hidden="true" />
        <p className="sign-in-panel__title">{intl.formatMessage({ id: 'accounts.signIn.opening' })}</p>
      </div>
    );
  }
  return outcome ? <SignInOutcomeNotice outcome={outcome} /> : null;
}

/** Where the platform's page went: the desktop app hands it to the system browser (electron/desktop/external-links.ts). */
const OPENED_IN = { electron: 'accounts.signIn.openedInBrowser', web: 'accounts.signIn.openedInTab' } as const;

function WaitingForConsent({ authorizeUrl, expiresAt, cancelling }: { authorizeUrl: string; expiresAt: number; cancelling: boolean }) {
  const intl = useIntl();
  const now = useNow(1000);
  const format = useFormat();
  return (
    <section className="sign-in-panel" aria-labelledby="sign-in-waiting-title" role="status">
      <span className="spinner" aria-hidden="true" />
      <div className="sign-in-panel__body">
        <h2 className="sign-in-panel__title" id="sign-in-waiting-title">
          {intl.formatMessage({ id: 'accounts.signIn.waiting' })}
        </h2>
        <p className="sign-in-panel__text">
          <FormattedMessage
            id="accounts.signIn.waitingBody"
            values={{
              opened: intl.formatMessage({ id: OPENED_IN[runtime] }),
              until: format.clock(expiresAt),
              countdown: (chunks) => <span className="sign-in-panel__countdown">{chunks}</span>,
              left: format.countdown(expiresAt - now),
            }}
          />
        </p>
        <div className="sign-in-panel__actions">
          <OpenPageButton url={authorizeUrl}>{intl.formatMessage({ id: 'accounts.signIn.openAgain' })}</OpenPageButton>
          <Button onClick={() => void cancelSignIn()} busy={cancelling}>
            {cancelling ? intl.formatMessage({ id: 'accounts.signIn.cancelling' }) : intl.formatMessage({ id: 'accounts.signIn.cancel' })}
          </Button>
        </div>
      </div>
    </section>
  );
}

function SignInOutcomeNotice({ outcome }: { outcome: SignInOutcome }) {
  const intl = useIntl();
  const tryAgain = (
    <Button className="banner__action" onClick={() => void startSignIn()}>
      {intl.formatMessage({ id: 'common.tryAgain' })}
    </Button>
  );
  switch (outcome.kind) {
    case 'signed_in':
      return (
        <Notice tone="success" title={intl.formatMessage({ id: outcome.again ? 'accounts.signIn.signedInAgain' : 'accounts.signIn.signedIn' }, { name: accountLabel(outcome.account) })} onDismiss={dismissOutcome} dismissLabel={intl.formatMessage({ id: 'accounts.signIn.dismiss' })}>
          {outcome.account.missingScopes.length > 0
            ? intl.formatMessage({ id: 'accounts.signIn.missingScopes' }, { scopes: intl.formatList(outcome.account.missingScopes, { type: 'conjunction' }), count: outcome.account.missingScopes.length })
            : intl.formatMessage({ id: 'accounts.signIn.ready' })}
        </Notice>
      );
    case 'declined':
      return (
        <ErrorBanner title={intl.formatMessage({ id: 'accounts.signIn.declined' })}>
          <p className="banner__detail">{intl.formatMessage({ id: 'accounts.signIn.declined.detail' })}</p>
          {tryAgain}
        </ErrorBanner>
      );
    case 'timeout':
      return (
        <ErrorBanner title={intl.formatMessage({ id: 'accounts.signIn.timeout' })}>
          <p className="banner__detail">{intl.formatMessage({ id: 'accounts.signIn.timeout.detail' })}</p>
          {tryAgain}
        </ErrorBanner>
      );
    case 'cancelled':
      return <Notice tone="info" title={intl.formatMessage({ id: 'accounts.signIn.cancelled' })} onDismiss={dismissOutcome} dismissLabel={intl.formatMessage({ id: 'accounts.signIn.dismiss' })} />;
    case 'failed':
      return (
        <ErrorBanner title={intl.formatMessage({ id: 'accounts.signIn.failed' })} error={outcome.error}>
          {tryAgain}
        </ErrorBanner>
      );
  }
}
