import { useId } from 'react';
import { hashFor } from '../../state/navigation';
import { accountLabel } from '../../state/accounts';
import { chooseAccount } from '../../state/intake';
import type { UploadTarget } from './use-upload-target';

/** Which account new drafts go to. With none able to receive drafts, it says why and where to fix it. */
export function UploadAccountPicker({ target }: { target: UploadTarget }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const none = target.eligible.length === 0;
  return (
    <div className="toolbar-field">
      <label className="toolbar-field__label" htmlFor={id}>
        Send to
      </label>
      <select
        id={id}
        className="select"
        value={target.openId ?? ''}
        disabled={none}
        aria-describedby={none ? hintId : undefined}
        onChange={(event) => chooseAccount(event.target.value)}
      >
        {none ? <option value="">No account can receive drafts</option> : null}
        {target.eligible.map((account) => (
          <option key={account.openId} value={account.openId}>
            {accountLabel(account)}
            {account.displayName && account.username ? ` (@${account.username})` : ''}
          </option>
        ))}
      </select>
      {none ? (
        <p className="toolbar-field__hint" id={hintId}>
          {target.anyAccount ? 'Your accounts need to sign in again or allow video.upload.' : 'Add an account first.'} <a href={hashFor('accounts')}>Go to Accounts</a>
        </p>
      ) : null}
    </div>
  );
}
