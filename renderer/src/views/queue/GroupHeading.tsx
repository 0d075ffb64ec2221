import type { CSSProperties } from 'react';
import { accountLabel, useAccounts } from '../../state/accounts';
import { plural } from '../../format';

/** An account's heading in the grouped queue: its name and how many of its drafts are shown. */
export function GroupHeading({ openId, count, style }: { openId: string; count: number; style: CSSProperties }) {
  const account = useAccounts((state) => state.accounts?.find((candidate) => candidate.openId === openId));
  return (
    <li className="draft-group" style={style} data-testid="draft-group">
      <h2 className="draft-group__title">
        {account ? accountLabel(account) : openId}
        <span className="draft-group__count">{plural(count, 'draft')}</span>
      </h2>
    </li>
  );
}
