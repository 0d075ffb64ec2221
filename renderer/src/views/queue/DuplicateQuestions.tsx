/**
 * Files whose content an account already has (queued or delivered): each asks before it is added,
 * showing the earlier draft (its name, where it is, when it was added), with "Add again" and "Skip".
 */
import { useShallow } from 'zustand/react/shallow';
import type { EarlierDraft } from '../../api/contract';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { accountLabel, useAccounts } from '../../state/accounts';
import { answerDuplicate, useIntake, type IntakeItem } from '../../state/intake';
import { STATE_LABELS } from './draft-words';

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
  const accounts = useAccounts((state) => state.accounts);
  const name = (openId: string) => {
    const account = accounts?.find((candidate) => candidate.openId === openId);
    return account ? accountLabel(account) : openId;
  };
  const others = item.openIds.length - item.duplicates.length;
  return (
    <Notice
      tone="warning"
      title={`${item.name} was already sent`}
      actions={
        <>
          <Button variant="primary" onClick={() => answerDuplicate(item.key, 'again')}>
            Add {item.name} again
          </Button>
          <Button onClick={() => answerDuplicate(item.key, 'skip')}>{others > 0 ? `Skip the ${item.duplicates.length === 1 ? 'account that has it' : 'accounts that have it'}` : `Skip ${item.name}`}</Button>
        </>
      }
    >
      <ul className="duplicate__list" aria-label={`Earlier drafts with the same content as ${item.name}`}>
        {item.duplicates.map(({ openId, earlier }) => (
          <li key={openId} className="duplicate__item" data-testid="earlier-draft">
            <strong>{name(openId)}</strong> already has it: {earlierWords(earlier)}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

function earlierWords(earlier: EarlierDraft): string {
  const when = new Date(earlier.addedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const where = earlier.draftId === null ? `${STATE_LABELS[earlier.state].toLowerCase()}, since cleared from the queue` : STATE_LABELS[earlier.state].toLowerCase();
  return `“${earlier.fileName}”, added ${when} (${where})`;
}
