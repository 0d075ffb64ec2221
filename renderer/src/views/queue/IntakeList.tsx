/**
 * Files on their way in: being read, sent to Draftdeck's background service, or added. And files
 * refused at once, each with its reason, until dismissed. The refusals sit in a live region, so a
 * screen reader hears them as they happen.
 */
import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useFormat } from '../../i18n/format';
import { dismissIntake, dismissRefused, useIntake, type IntakeItem } from '../../state/intake';
import { DraftThumb } from './DraftThumb';
import { ProgressBar } from './ProgressBar';
import { refusalWords } from './intake-words';
import { verdictWords } from './video-words';

type IncomingPhase = 'reading' | 'sending' | 'adding';

const phaseWords = (intl: IntlShape, phase: IncomingPhase) => intl.formatMessage({ id: `queue.intake.${phase}` });

export function RefusedFiles() {
  const intl = useIntl();
  const refused = useIntake(useShallow((state) => state.items.filter((item) => item.phase === 'refused' || item.phase === 'failed')));
  return (
    <div className="refused" role="status">
      {refused.length > 0 ? (
        <div className="banner banner--error refused__banner">
          <Icon name="alert" />
          <div className="banner__content refused__content">
            <p className="banner__title">{refused.length === 1 ? intl.formatMessage({ id: 'queue.refused.one' }, { name: refused[0]!.name }) : intl.formatMessage({ id: 'queue.refused.many' }, { count: refused.length })}</p>
            <ul className="refused__list" aria-label={intl.formatMessage({ id: 'queue.refused.list' })}>
              {refused.map((item) => (
                <li key={item.key} className="refused__item">
                  <span className="refused__name">{item.name}</span>
                  <span className="refused__reason">{item.verdict ? verdictWords(intl, item.verdict) : item.refusal ? refusalWords(intl, item.refusal) : null}</span>
                  <button type="button" className="icon-button icon-button--small" aria-label={intl.formatMessage({ id: 'queue.refused.dismiss' }, { name: item.name })} title={intl.formatMessage({ id: 'queue.dismiss' })} onClick={() => dismissIntake(item.key)}>
                    <Icon name="close" size={14} />
                  </button>
                </li>
              ))}
            </ul>
            {refused.length > 1 ? (
              <Button variant="ghost" className="button--inline" onClick={dismissRefused}>
                {intl.formatMessage({ id: 'queue.refused.dismissAll' })}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function IncomingFiles() {
  const intl = useIntl();
  const incoming = useIntake(useShallow((state) => state.items.filter((item) => item.phase === 'reading' || item.phase === 'sending' || item.phase === 'adding')));
  if (incoming.length === 0) return null;
  return (
    <ul className="incoming" aria-label={intl.formatMessage({ id: 'queue.intake.list' })}>
      {incoming.map((item) => (
        <IncomingRow key={item.key} item={item} />
      ))}
    </ul>
  );
}

function IncomingRow({ item }: { item: IntakeItem }) {
  const intl = useIntl();
  const format = useFormat();
  const phase = item.phase as IncomingPhase;
  const meta = [format.bytes(item.size), item.durationMs !== null ? format.duration(item.durationMs) : null].filter(Boolean).join(' · ');
  return (
    <li className="draft-row draft-row--incoming" data-state={`incoming-${phase}`}>
      <span className="move-buttons" aria-hidden="true" />
      <DraftThumb src={item.thumbnail} busy={phase === 'reading'} />
      <div className="draft-row__main">
        <p className="draft-row__name" dir="auto" title={item.name}>
          {item.name}
        </p>
        <p className="draft-row__meta">{meta}</p>
      </div>
      <div className="draft-row__status">
        <p className="draft-row__state">
          <span className="state-badge state-badge--neutral">{phaseWords(intl, phase)}</span>
        </p>
        <ProgressBar value={null} tone="active" label={intl.formatMessage({ id: 'queue.row.progress' }, { name: item.name, state: phaseWords(intl, phase) })} />
      </div>
      <div className="draft-row__actions">
        {phase !== 'adding' ? (
          <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'queue.intake.stop.label' }, { name: item.name })} title={intl.formatMessage({ id: 'queue.intake.stop' })} onClick={() => dismissIntake(item.key)}>
            <Icon name="close" size={18} />
          </button>
        ) : null}
      </div>
    </li>
  );
}
