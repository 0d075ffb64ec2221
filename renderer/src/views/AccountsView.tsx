import { useIntl } from 'react-intl';
import { useEffect, useState } from 'react';
import type { Account } from '../api/contract';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { LoadStatus } from '../components/LoadStatus';
import { ErrorBanner } from '../components/ErrorBanner';
import { Icon } from '../components/Icon';
import { Notice } from '../components/Notice';
import { PageHeader } from '../components/PageHeader';
import { accountLabel, loadAccounts, startSignIn, useAccounts, type RemovalResult } from '../state/accounts';
import { loadSecrets, useSecrets } from '../state/secrets';
import { AccountCard } from './accounts/AccountCard';
import { ClientSecretForm } from './accounts/ClientSecretForm';
import { sayWords } from '../i18n/main-words';
import { RemoveAccountDialog } from './accounts/RemoveAccountDialog';
import { SignInPanel } from './accounts/SignInPanel';
import { VaultNotice } from './accounts/VaultNotice';

export function AccountsView() {
  const intl = useIntl();
  const accounts = useAccounts((state) => state.accounts);
  const loadError = useAccounts((state) => state.loadError);
  const flow = useAccounts((state) => state.flow);
  const profile = useSecrets((state) => state.profile);
  const [removing, setRemoving] = useState<Account | null>(null);
  const [removed, setRemoved] = useState<RemovalResult | null>(null);

  useEffect(() => {
    void loadSecrets();
  }, []);

  const blocked = profile?.problem != null || profile?.clientSecret === 'missing';
  const addAccount = (
    <Button variant="primary" busy={flow.phase === 'starting'} unavailable={flow.phase === 'waiting' || blocked} onClick={() => void startSignIn()}>
      <Icon name="plus" size={16} />
      {intl.formatMessage({ id: 'accounts.add' })}
    </Button>
  );

  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'accounts.title' })} description={intl.formatMessage({ id: 'accounts.description' })} actions={accounts && accounts.length > 0 ? addAccount : undefined} />
      <div className="accounts">
        <SecretsNotices />
        <SignInPanel />
        {removed ? <RemovalNotice result={removed} onDismiss={() => setRemoved(null)} /> : null}
        {accounts === null ? (
          <LoadStatus what="accounts" error={loadError} onRetry={() => void loadAccounts()} />
        ) : accounts.length === 0 && (flow.phase === 'waiting' || flow.phase === 'starting') ? null : accounts.length === 0 ? (
          // While a sign-in waits, its card above takes the empty state's place (one thing to do, not two).
          <EmptyState icon="accounts" title={intl.formatMessage({ id: 'accounts.empty.title' })} actions={addAccount}>
            <p>{intl.formatMessage({ id: 'accounts.empty.body' })}</p>
          </EmptyState>
        ) : (
          <ul className="account-grid" aria-label={intl.formatMessage({ id: 'accounts.list' })}>
            {accounts.map((account) => (
              <AccountCard key={account.openId} account={account} onRemove={setRemoving} />
            ))}
          </ul>
        )}
        <VaultFootnote />
      </div>
      {removing ? (
        <RemoveAccountDialog
          account={removing}
          onDone={(result) => {
            setRemoving(null);
            if (result) setRemoved(result);
          }}
        />
      ) : null}
    </>
  );
}

/** What stands between the person and signing in: the platform profile's problems, the vault's limits. */
function SecretsNotices() {
  const intl = useIntl();
  const vault = useSecrets((state) => state.vault);
  const profile = useSecrets((state) => state.profile);
  const loadError = useSecrets((state) => state.loadError);
  return (
    <>
      {loadError ? <ErrorBanner title={intl.formatMessage({ id: 'accounts.secretsReadFailed' })} error={loadError} /> : null}
      {profile?.problem && profile.clientSecret !== 'missing' ? <ErrorBanner title={intl.formatMessage({ id: 'accounts.profileProblem' }, { name: profile.name })}>{<p className="banner__detail">{profile.problemWords ? sayWords(intl, profile.problemWords) : profile.problem}</p>}</ErrorBanner> : null}
      {profile?.clientSecret === 'missing' ? (
        <section className="panel" aria-labelledby="client-secret-title">
          <h2 className="panel__title" id="client-secret-title">
            {intl.formatMessage({ id: 'accounts.clientSecret.title' }, { name: profile.name })}
          </h2>
          <p className="panel__text">{intl.formatMessage({ id: 'accounts.clientSecret.body' })}</p>
          <ClientSecretForm stored={false} />
        </section>
      ) : null}
      {vault && !vault.persistent ? <VaultNotice vault={vault} /> : vault?.optedInToPlaintext ? <VaultNotice vault={vault} /> : null}
    </>
  );
}

/** When sign-ins are safely stored, a quiet line at the foot says how. */
function VaultFootnote() {
  const vault = useSecrets((state) => state.vault);
  if (!vault || !vault.persistent || vault.optedInToPlaintext) return null;
  return <VaultNotice vault={vault} />;
}

function RemovalNotice({ result, onDismiss }: { result: RemovalResult; onDismiss: () => void }) {
  const intl = useIntl();
  const label = accountLabel(result.account);
  return (
    <Notice tone={result.revoked ? 'success' : 'warning'} title={intl.formatMessage({ id: 'accounts.removed.title' }, { name: label })} onDismiss={onDismiss} dismissLabel={intl.formatMessage({ id: 'accounts.removed.dismiss' })}>
      {result.message ? sayWords(intl, result.message) : result.revoked ? intl.formatMessage({ id: 'accounts.removed.revoked' }, { name: label }) : null}
    </Notice>
  );
}
