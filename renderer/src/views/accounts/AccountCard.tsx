import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { sayWords } from '../../i18n/main-words';
import { useId } from 'react';
import type { Account } from '../../api/contract';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { TechnicalDetails } from '../../components/TechnicalDetails';
import { accountLabel, canReceiveDrafts, startSignIn, UPLOAD_SCOPE, useAccounts } from '../../state/accounts';
import { permissionNames } from './permission-words';

/** One signed-in account: who it is, what it allowed, whether drafts can go to it, and what to do if not. */
export function AccountCard({ account, onRemove }: { account: Account; onRemove: (account: Account) => void }) {
  const intl = useIntl();
  const titleId = useId();
  const signingIn = useAccounts((state) => state.flow.phase !== 'idle');
  const label = accountLabel(account);
  const name = account.displayName ?? intl.formatMessage({ id: 'accounts.card.nameNotShared' });
  return (
    <li className="account-card" aria-labelledby={titleId}>
      <div className="account-card__head">
        <span className="account-card__avatar" aria-hidden="true">
          {initialOf(label)}
        </span>
        <div className="account-card__who">
          {/* Cut short with an ellipsis beside a longer status pill (longer languages): the title holds the whole name. */}
          <h2 className="account-card__name" id={titleId} title={name}>
            {name}
          </h2>
          {/* Isolated: right to left, "@ava.makes" read "ava.makes@". */}
          {account.username ? (
            <p className="account-card__handle">
              <bdi>{intl.formatMessage({ id: 'accounts.card.handle' }, { username: account.username })}</bdi>
            </p>
          ) : null}
        </div>
        <AccountStatusPill account={account} />
      </div>

      <dl className="account-card__facts">
        <div>
          <dt>{intl.formatMessage({ id: 'accounts.card.allowed' })}</dt>
          <dd>
            {account.scopes.length > 0 ? (
              <ul className="chips" aria-label={intl.formatMessage({ id: 'accounts.card.scopes' }, { name: label })}>
                {permissionNames(intl, account.scopes).map((name) => (
                  <li key={name} className="chip">
                    {name}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="account-card__muted">{intl.formatMessage({ id: 'accounts.card.nothing' })}</span>
            )}
          </dd>
        </div>
      </dl>
      {/* The platform's own names for the account and what it allowed, for a bug report or the platform's support. */}
      <TechnicalDetails>{intl.formatMessage({ id: 'accounts.card.details' }, { openId: account.openId, scopes: account.scopes.join(', ') })}</TechnicalDetails>

      <AccountProblem account={account} />

      <div className="account-card__actions">
        <p className="account-card__added">{intl.formatMessage({ id: 'accounts.card.added' }, { added: account.addedAt, thisYear: new Date(account.addedAt).getFullYear() === new Date().getFullYear() ? 'yes' : 'no' })}</p>
        {account.status === 'sign_in_again' ? (
          <Button variant="primary" unavailable={signingIn} onClick={() => void startSignIn(true)} aria-label={intl.formatMessage({ id: 'accounts.card.signInAgainAs' }, { name: label })}>
            {intl.formatMessage({ id: 'accounts.card.signInAgain' })}
          </Button>
        ) : account.missingScopes.length > 0 ? (
          <Button unavailable={signingIn} onClick={() => void startSignIn(true)} aria-label={intl.formatMessage({ id: 'accounts.card.signInAgainAllow' }, { name: label, scopes: intl.formatList(permissionNames(intl, account.missingScopes), { type: 'conjunction' }) })}>
            {intl.formatMessage({ id: 'accounts.card.signInAgain' })}
          </Button>
        ) : null}
        <Button variant="ghost" className="button--quiet-danger" onClick={() => onRemove(account)} aria-label={intl.formatMessage({ id: 'accounts.card.removeName' }, { name: label })}>
          {intl.formatMessage({ id: 'accounts.card.remove' })}
        </Button>
      </div>
    </li>
  );
}

function AccountStatusPill({ account }: { account: Account }) {
  const intl = useIntl();
  if (canReceiveDrafts(account)) {
    return (
      <span className="pill pill--success">
        <Icon name="check" size={14} />
        {intl.formatMessage({ id: 'accounts.card.ready' })}
      </span>
    );
  }
  return <span className="pill pill--warning">{intl.formatMessage({ id: account.status === 'sign_in_again' ? 'accounts.card.needsSignIn' : 'accounts.card.cannotReceive' })}</span>;
}

function AccountProblem({ account }: { account: Account }) {
  const intl = useIntl();
  if (account.status === 'sign_in_again') {
    return (
      <p className="account-card__problem">
        <Icon name="alert" size={16} />
        <span>
          <FormattedMessage
            id="accounts.card.signInAgainProblem"
            values={{ strong: (chunks) => <strong>{chunks}</strong>, reason: sentence(signInReason(intl, account) ?? intl.formatMessage({ id: 'accounts.card.signInRefused' })) }}
          />
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
          <FormattedMessage
            id={upload ? 'accounts.card.uploadRefused' : 'accounts.card.notAllowed'}
            values={{
              strong: (chunks) => <strong>{chunks}</strong>,
              scopes: intl.formatList(permissionNames(intl, account.missingScopes), { type: 'conjunction' }),
              reason: sentence(account.statusWords ? sayWords(intl, account.statusWords) : intl.formatMessage({ id: 'accounts.card.leavePermissionsOn' })),
            }}
          />
        </span>
      </p>
    );
  }
  return null;
}

/** Reasons come from the main process with or without a full stop. */
/** Why the account must sign in again, as a sentence of its own (the card says "sign in again" itself): the reason inside the main process's words. */
function signInReason(intl: IntlShape, account: Account): string | null {
  const reason = account.statusWords?.params.reason;
  if (typeof reason !== 'object') return null;
  const said = sayWords(intl, reason);
  return said.charAt(0).toLocaleUpperCase(intl.locale) + said.slice(1);
}

function sentence(text: string): string {
  return /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function initialOf(label: string): string {
  const letter = label.replace(/^@/, '').trim()[0];
  return letter ? letter.toUpperCase() : '?';
}
