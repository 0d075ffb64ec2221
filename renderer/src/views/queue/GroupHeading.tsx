import type { CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { useAccountName } from './account-name';

/** An account's heading in the grouped queue: its name and how many of its drafts are shown. */
export function GroupHeading({ openId, count, style }: { openId: string; count: number; style: CSSProperties }) {
  const intl = useIntl();
  const accountName = useAccountName();
  return (
    <li className="draft-group" style={style} data-testid="draft-group">
      <h2 className="draft-group__title">
        {accountName(openId)}
        <span className="draft-group__count">{intl.formatMessage({ id: 'queue.count.total' }, { count })}</span>
      </h2>
    </li>
  );
}
