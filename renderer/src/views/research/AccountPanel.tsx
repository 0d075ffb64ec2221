/**
 * Op 11 for one username: the fields to ask for, and the account card with what the platform
 * returned (a field it did not return says so), or "not public" for an account it does not show.
 * A look-up brings the card into view, wherever on the page it was asked for.
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { ACCOUNT_FIELDS, type AccountField } from '../../../../common/research-rules';
import { Button } from '../../components/Button';
import { sayError } from '../../i18n/main-words';
import type { AccountRecord } from '../../api/contract';
import { closeAccount, lookUpAccount, useResearch } from '../../state/research';

const DEFAULT_ACCOUNT_FIELDS: AccountField[] = ['display_name', 'bio_description', 'is_verified', 'follower_count', 'following_count', 'likes_count', 'video_count'];

export function AccountLookupForm() {
  const intl = useIntl();
  const [username, setUsername] = useState('');
  return (
    <form
      className="account-lookup"
      aria-label={intl.formatMessage({ id: 'research.account.lookup' })}
      onSubmit={(event) => {
        event.preventDefault();
        if (username.trim()) void lookUpAccount(username.trim(), DEFAULT_ACCOUNT_FIELDS);
      }}
    >
      <label>
        {intl.formatMessage({ id: 'research.account.input' })} <input type="text" placeholder={intl.formatMessage({ id: 'research.account.placeholder' })} value={username} onChange={(event) => setUsername(event.target.value)} />
      </label>
      <Button type="submit" unavailable={username.trim() === ''}>
        {intl.formatMessage({ id: 'research.account.lookUp' })}
      </Button>
    </form>
  );
}

export function openAccount(username: string): void {
  void lookUpAccount(username, DEFAULT_ACCOUNT_FIELDS);
}

function value(intl: IntlShape, account: AccountRecord, field: AccountField): string {
  const v = account[field];
  if (v === undefined) return intl.formatMessage({ id: 'research.account.notReturned' });
  if (typeof v === 'boolean') return intl.formatMessage({ id: v ? 'research.value.yes' : 'research.value.no' });
  if (typeof v === 'number') return intl.formatNumber(v);
  return v;
}

export function AccountCard() {
  const intl = useIntl();
  const account = useResearch((state) => state.account);
  const [fields, setFields] = useState<AccountField[]>(DEFAULT_ACCOUNT_FIELDS);
  const card = useRef<HTMLElement>(null);
  const asked = account?.username;
  const loading = account?.loading;
  // Once when asked, and again when the answer has made the card its full height.
  useEffect(() => {
    if (asked) card.current?.scrollIntoView({ block: 'nearest' });
  }, [asked, loading]);
  if (!account) return null;
  const { result } = account;
  const label = (field: AccountField) => intl.formatMessage({ id: `research.accountField.${field}` });
  return (
    <section className="account-card-research" ref={card} aria-label={intl.formatMessage({ id: 'research.account.card' }, { username: account.username })} aria-busy={account.loading || undefined}>
      <header className="account-card-research__head">
        {/* Isolated: right to left, "@mateowright" read "mateowright@". */}
        <h2>
          <bdi>{intl.formatMessage({ id: 'research.account.handle' }, { username: account.username })}</bdi>
        </h2>
        <Button variant="ghost" onClick={closeAccount}>{intl.formatMessage({ id: 'research.account.close' })}</Button>
      </header>
      {account.loading ? <p>{intl.formatMessage({ id: 'research.account.looking' }, { username: account.username })}</p> : null}
      {account.error ? <p className="field__error">{sayError(intl, account.error)}</p> : null}
      {result?.status === 'not_public' ? <p className="account-card-research__private">{intl.formatMessage({ id: 'research.account.notPublic' }, { username: account.username })}</p> : null}
      {result?.status === 'found' ? (
        <dl className="account-card-research__fields">
          {ACCOUNT_FIELDS.filter((field) => field !== 'username' && fields.includes(field)).map((field) => (
            <div key={field}>
              <dt>{label(field)}</dt>
              <dd>{field === 'avatar_url' && result.account.avatar_url ? <code>{result.account.avatar_url}</code> : value(intl, result.account, field)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <details className="account-card-research__choose">
        <summary>{intl.formatMessage({ id: 'research.account.choose' })}</summary>
        {ACCOUNT_FIELDS.filter((field) => field !== 'username').map((field) => (
          <label key={field}>
            <input type="checkbox" checked={fields.includes(field)} onChange={(event) => setFields(event.target.checked ? [...fields, field] : fields.filter((f) => f !== field))} />
            {label(field)}
          </label>
        ))}
        <Button unavailable={fields.length === 0 || account.loading} onClick={() => void lookUpAccount(account.username, fields)}>
          {intl.formatMessage({ id: 'research.account.askAgain' })}
        </Button>
      </details>
    </section>
  );
}
