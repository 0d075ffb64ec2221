/**
 * Files whose content an account already has (queued or delivered): each asks before it is added,
 * showing the earlier draft (its name, where it is, when it was added), with "Add again" and "Skip".
 */
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { EarlierDraft } from '../../api/contract';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { answerDuplicate, useIntake, type IntakeItem } from '../../state/intake';
import { useAccountName } from './account-name';
import { stateInline } from './draft-words';

export function DuplicateQuestions() {
  const asking = useIntake(useShallow((state) => state.items.filter((item) => item.phase === 'confirm')));
  if (asking.length === 0) return null;
  return (
    <>
      {asking.map((item) => (
        <DuplicateQuestion key={item.key} item={item} />
      ))}
    </>
  );
}

function DuplicateQuestion({ item }: { item: IntakeItem }) {
  const intl = useIntl();
  const name = useAccountName();
  const others = item.openIds.length - item.duplicates.length;
  return (
    <Notice
      tone="warning"
      title={intl.formatMessage({ id: 'queue.duplicate.title' }, { name: item.name })}
      actions={
        <>
          <Button variant="primary" onClick={() => answerDuplicate(item.key, 'again')}>
            {intl.formatMessage({ id: 'queue.duplicate.again' }, { name: item.name })}
          </Button>
          <Button onClick={() => answerDuplicate(item.key, 'skip')}>
            {others > 0 ? intl.formatMessage({ id: 'queue.duplicate.skipAccounts' }, { count: item.duplicates.length }) : intl.formatMessage({ id: 'queue.duplicate.skip' }, { name: item.name })}
          </Button>
        </>
      }
    >
      <ul className="duplicate__list" aria-label={intl.formatMessage({ id: 'queue.duplicate.list' }, { name: item.name })}>
        {item.duplicates.map(({ openId, earlier }) => (
          <li key={openId} className="duplicate__item" data-testid="earlier-draft">
            <FormattedMessage id="queue.duplicate.has" values={{ account: name(openId), earlier: earlierWords(intl, earlier), strong: (chunks) => <strong>{chunks}</strong> }} />
          </li>
        ))}
      </ul>
    </Notice>
  );
}

function earlierWords(intl: IntlShape, earlier: EarlierDraft): string {
  const values = { name: earlier.fileName, when: intl.formatDate(earlier.addedAt, { dateStyle: 'medium', timeStyle: 'short' }), state: stateInline(intl, earlier.state) };
  return intl.formatMessage({ id: earlier.draftId === null ? 'queue.duplicate.earlierCleared' : 'queue.duplicate.earlier' }, values);
}
