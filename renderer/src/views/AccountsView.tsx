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
import { RemoveAccountDialog } from './accounts/RemoveAccountDialog';
import { SignInPanel } from './accounts/SignInPanel';
import { VaultNotice } from './accounts/VaultNotice';

export function AccountsView() {
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
      Add account
    </Button>
  );

  return (
    <>
      <PageHeader title="Accounts" description="The creator accounts Draftdeck delivers drafts to." actions={accounts && accounts.length > 0 ? addAccount : undefined} />
      <div className="accounts">
        <SecretsNotices />
        <SignInPanel />
        {removed ? <RemovalNotice result={removed} onDismiss={() => setRemoved(null)} /> : null}
        {accounts === null ? (
          <LoadStatus what="accounts" error={loadError} onRetry={() => void loadAccounts()} />
        ) : accounts.length === 0 && (flow.phase === 'waiting' || flow.phase === 'starting') ? null : accounts.length === 0 ? (
          // While a sign-in waits, its card above takes the empty state's place (one thing to do, not two).
          <EmptyState icon="accounts" title="No accounts signed in" actions={addAccount}>
            <p>
              Sign in with one or more accounts on the platform. Each account you add can receive videos from the Queue; its sign-in stays in Draftdeck's background service and
              never reaches this window.
            </p>
          </EmptyState>
        ) : (
          <ul className="account-grid" aria-label="Signed-in accounts">
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
  const vault = useSecrets((state) => state.vault);
  const profile = useSecrets((state) => state.profile);
  const loadError = useSecrets((state) => state.loadError);
  return (
    <>
      {loadError ? <ErrorBanner title="Draftdeck could not read where sign-ins are kept" error={loadError} /> : null}
      {profile?.problem && profile.clientSecret !== 'missing' ? <ErrorBanner title={`${profile.name} cannot be used right now`}>{<p className="banner__detail">{profile.problem}</p>}</ErrorBanner> : null}
      {profile?.clientSecret === 'missing' ? (
        <section className="panel" aria-labelledby="client-secret-title">
          <h2 className="panel__title" id="client-secret-title">
            {profile.name} needs its client secret
          </h2>
          <p className="panel__text">Signing in to a custom platform needs the client secret issued with its client key. Enter it once; Draftdeck keeps it in this computer's vault.</p>
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
  const label = accountLabel(result.account);
  return (
    <Notice tone={result.revoked ? 'success' : 'warning'} title={`Removed ${label}`} onDismiss={onDismiss} dismissLabel="Dismiss removal message">
      {result.message ?? (result.revoked ? `The platform revoked Draftdeck's access to ${label}, and its sign-in is gone from this computer.` : null)}
    </Notice>
  );
}
