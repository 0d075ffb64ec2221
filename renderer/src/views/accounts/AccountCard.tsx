import { useId } from 'react';
import type { Account } from '../../api/contract';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { accountLabel, canReceiveDrafts, startSignIn, UPLOAD_SCOPE, useAccounts } from '../../state/accounts';

/** One signed-in account: who it is, what it allowed, whether drafts can go to it, and what to do if not. */
export function AccountCard({ account, onRemove }: { account: Account; onRemove: (account: Account) => void }) {
  const titleId = useId();
  const signingIn = useAccounts((state) => state.flow.phase !== 'idle');
  const label = accountLabel(account);
  return (
    <li className="account-card" aria-labelledby={titleId}>
      <div className="account-card__head">
        <span className="account-card__avatar" aria-hidden="true">
          {initialOf(label)}
        </span>
        <div className="account-card__who">
          <h2 className="account-card__name" id={titleId}>
            {account.displayName ?? 'Name not shared'}
          </h2>
          {account.username ? <p className="account-card__handle">@{account.username}</p> : null}
        </div>
        <AccountStatusPill account={account} />
      </div>

      <dl className="account-card__facts">
        <div>
          <dt>Open ID</dt>
          <dd className="account-card__open-id">{account.openId}</dd>
        </div>
        <div>
          <dt>Allowed</dt>
          <dd>
            {account.scopes.length > 0 ? (
              <ul className="chips" aria-label={`Scopes ${label} allowed`}>
                {account.scopes.map((scope) => (
                  <li key={scope} className="chip">
                    {scope}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="account-card__muted">Nothing</span>
            )}
          </dd>
        </div>
      </dl>

      <AccountProblem account={account} />

      <div className="account-card__actions">
        <p className="account-card__added">Added {formatDate(account.addedAt)}</p>
        {account.status === 'sign_in_again' ? (
          <Button variant="primary" unavailable={signingIn} onClick={() => void startSignIn(true)} aria-label={`Sign in again as ${label}`}>
            Sign in again
          </Button>
        ) : account.missingScopes.length > 0 ? (
          <Button unavailable={signingIn} onClick={() => void startSignIn(true)} aria-label={`Sign in again as ${label} and allow ${account.missingScopes.join(', ')}`}>
            Sign in again
          </Button>
        ) : null}
        <Button variant="ghost" className="button--quiet-danger" onClick={() => onRemove(account)} aria-label={`Remove ${label}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

function AccountStatusPill({ account }: { account: Account }) {
  if (canReceiveDrafts(account)) {
    return (
      <span className="pill pill--success">
        <Icon name="check" size={14} />
        Ready for drafts
      </span>
    );
  }
  return <span className="pill pill--warning">{account.status === 'sign_in_again' ? 'Needs sign-in' : 'Cannot receive drafts'}</span>;
}

function AccountProblem({ account }: { account: Account }) {
  if (account.status === 'sign_in_again') {
    return (
      <p className="account-card__problem">
        <Icon name="alert" size={16} />
        <span>
          <strong>Sign in again to keep sending drafts.</strong> {sentence(account.statusReason ?? 'The platform no longer accepts this sign-in')} Its drafts wait until you do.
        </span>
      </p>
    );
  }
  if (account.missingScopes.length > 0) {
    const upload = account.missingScopes.includes(UPLOAD_SCOPE);
    return (
      <p className="account-card__problem">
        <Icon name="alert" size={16} />
        <span>
          <strong>{upload ? `Can't receive drafts: ${UPLOAD_SCOPE} not allowed.` : `Not allowed: ${account.missingScopes.join(', ')}.`}</strong>{' '}
          {sentence(account.statusReason ?? 'Sign in again and leave every permission on to send drafts here')}
        </span>
      </p>
    );
  }
  return null;
}

/** Reasons come from the main process with or without a full stop. */
function sentence(text: string): string {
  return /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function formatDate(epochMs: number): string {
  const date = new Date(epochMs);
  const thisYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString(undefined, thisYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' });
}

function initialOf(label: string): string {
  const letter = label.replace(/^@/, '').trim()[0];
  return letter ? letter.toUpperCase() : '?';
}
