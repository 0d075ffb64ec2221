/**
 * Above the list: one bar for everything in flight, with the bytes sent of all of it and the time
 * left for all of it (state/batch-progress.ts), so a person sees at a glance when the batch is done
 * without adding up rows. Shown only while something is queued or uploading.
 */
import { useIntl, type IntlShape } from 'react-intl';
import { percent } from '../../format';
import { formatBytes } from '../../i18n/format';
import { useBatchProgress } from '../../state/batch-progress';
import { ProgressBar } from './ProgressBar';

/** Time left as a person says it: seconds by fives under a minute, then minutes, then hours and minutes. */
function timeLeft(intl: IntlShape, seconds: number): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour') => intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'long' });
  if (seconds < 60) return unit(Math.max(5, Math.ceil(seconds / 5) * 5), 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`;
}

export function BatchProgress() {
  const intl = useIntl();
  const batch = useBatchProgress((state) => state.batch);
  if (!batch) return null;
  const value = batch.ofBytes > 0 ? percent(batch.bytes, batch.ofBytes) : null;
  const title = intl.formatMessage({ id: 'queue.batch.title' }, { sent: batch.sent, drafts: batch.drafts });
  const parts = [
    batch.ofBytes > 0 ? intl.formatMessage({ id: 'queue.batch.bytes' }, { sent: formatBytes(intl, batch.bytes), size: formatBytes(intl, batch.ofBytes), percent: value }) : null,
    batch.etaSeconds === null ? intl.formatMessage({ id: 'queue.batch.timeUnknown' }) : intl.formatMessage({ id: 'queue.batch.timeLeft' }, { time: timeLeft(intl, batch.etaSeconds) }),
  ].filter(Boolean);
  return (
    <section className="batch-progress" aria-label={intl.formatMessage({ id: 'queue.batch.label' })} data-testid="batch-progress">
      <p className="batch-progress__words">
        <strong className="batch-progress__title">{title}</strong>
        <span className="batch-progress__detail">{parts.join(' · ')}</span>
      </p>
      <ProgressBar value={value} label={title} />
    </section>
  );
}
