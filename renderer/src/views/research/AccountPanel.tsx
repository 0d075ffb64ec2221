/**
 * Op 11 for one username: the fields to ask for, and the account card with what the platform
 * returned (a field it did not return says so), or "not public" for an account it does not show.
 */
import { useState } from 'react';
import { ACCOUNT_FIELDS, type AccountField } from '../../../../common/research-rules';
import { Button } from '../../components/Button';
import type { AccountRecord } from '../../api/contract';
import { closeAccount, lookUpAccount, useResearch } from '../../state/research';

const LABELS: Record<AccountField, string> = {
  username: 'Username',
  display_name: 'Name',
  bio_description: 'Bio',
  avatar_url: 'Avatar',
  is_verified: 'Verified',
  follower_count: 'Followers',
  following_count: 'Following',
  likes_count: 'Likes',
  video_count: 'Videos',
};

const DEFAULT_ACCOUNT_FIELDS: AccountField[] = ['display_name', 'bio_description', 'is_verified', 'follower_count', 'following_count', 'likes_count', 'video_count'];

export function AccountLookupForm() {
  const [username, setUsername] = useState('');
  return (
    <form
      className="account-lookup"
      aria-label="Look up an account"
      onSubmit={(event) => {
        event.preventDefault();
        if (username.trim()) void lookUpAccount(username.trim(), DEFAULT_ACCOUNT_FIELDS);
      }}
    >
      <label>
        Account <input type="text" placeholder="@username" value={username} onChange={(event) => setUsername(event.target.value)} />
      </label>
      <Button type="submit" unavailable={username.trim() === ''}>
        Look up
      </Button>
    </form>
  );
}

export function openAccount(username: string): void {
  void lookUpAccount(username, DEFAULT_ACCOUNT_FIELDS);
}

function value(account: AccountRecord, field: AccountField): string {
  const v = account[field];
  if (v === undefined) return 'not returned';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return v.toLocaleString('en-US');
  return v;
}

export function AccountCard() {
  const account = useResearch((state) => state.account);
  const [fields, setFields] = useState<AccountField[]>(DEFAULT_ACCOUNT_FIELDS);
  if (!account) return null;
  const { result } = account;
  return (
    <section className="account-card-research" aria-label={`Account @${account.username}`} aria-busy={account.loading || undefined}>
      <header className="account-card-research__head">
        <h2>@{account.username}</h2>
        <Button variant="ghost" onClick={closeAccount}>Close</Button>
      </header>
      {account.loading ? <p>Looking up @{account.username}…</p> : null}
      {account.error ? <p className="field__error">{account.error.message}</p> : null}
      {result?.status === 'not_public' ? <p className="account-card-research__private">Not public. {result.message}</p> : null}
      {result?.status === 'found' ? (
        <dl className="account-card-research__fields">
          {ACCOUNT_FIELDS.filter((field) => field !== 'username' && fields.includes(field)).map((field) => (
            <div key={field}>
              <dt>{LABELS[field]}</dt>
              <dd>{field === 'avatar_url' && result.account.avatar_url ? <code>{result.account.avatar_url}</code> : value(result.account, field)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <details className="account-card-research__choose">
        <summary>Fields to ask for</summary>
        {ACCOUNT_FIELDS.filter((field) => field !== 'username').map((field) => (
          <label key={field}>
            <input type="checkbox" checked={fields.includes(field)} onChange={(event) => setFields(event.target.checked ? [...fields, field] : fields.filter((f) => f !== field))} />
            {LABELS[field]}
          </label>
        ))}
        <Button unavailable={fields.length === 0 || account.loading} onClick={() => void lookUpAccount(account.username, fields)}>
          Ask again
        </Button>
      </details>
    </section>
  );
}
