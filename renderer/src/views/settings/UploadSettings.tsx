import { useIntl } from 'react-intl';
import { ConcurrencyPicker } from '../queue/ConcurrencyPicker';
import { CONCURRENCY_MAX, CONCURRENCY_MIN } from './form-rules';
import { SettingsSection } from './SettingsSection';

/** Uploads: how many at once, with the same control as the Queue's toolbar (applies on choice). */
export function UploadSettings() {
  const intl = useIntl();
  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.uploads.title' })} description={intl.formatMessage({ id: 'settings.uploads.description' })}>
      <div className="form">
        <ConcurrencyPicker label={intl.formatMessage({ id: 'settings.uploads.concurrency' })} hint={intl.formatMessage({ id: 'settings.uploads.concurrency.hint' }, { min: CONCURRENCY_MIN, max: CONCURRENCY_MAX, usual: 2 })} />
      </div>
    </SettingsSection>
  );
}
