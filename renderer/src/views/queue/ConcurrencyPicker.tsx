import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../api/client';
import { sayError } from '../../i18n/main-words';
import { saveSettings, useSettings } from '../../state/settings';
import { CONCURRENCY_MAX, CONCURRENCY_MIN } from '../settings/form-rules';

const CHOICES = Array.from({ length: CONCURRENCY_MAX - CONCURRENCY_MIN + 1 }, (_, index) => CONCURRENCY_MIN + index);

/**
 * settings.uploads.concurrency: the one control for it, in the Queue's toolbar (where its effect is
 * seen) and in Settings › Uploads (with its own label and hint). Applies on choice, like the theme.
 */
export function ConcurrencyPicker({ label, hint }: { label?: string; hint?: string }) {
  const id = useId();
  const intl = useIntl();
  const stored = useSettings((state) => state.settings?.uploads.concurrency);
  const [saving, setSaving] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  if (stored === undefined) return null;

  async function choose(concurrency: number) {
    setSaving(concurrency);
    setError(null);
    try {
      await saveSettings({ uploads: { concurrency } });
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setSaving(null);
    }
  }

  return (
    <div className={hint ? 'field' : 'toolbar-field'}>
      <label className={hint ? 'field__label' : 'toolbar-field__label'} htmlFor={id}>
        {label ?? intl.formatMessage({ id: 'queue.concurrency.label' })}
      </label>
      <select
        id={id}
        className="select select--narrow"
        value={saving ?? stored}
        aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined}
        aria-busy={saving !== null || undefined}
        onChange={(event) => void choose(Number(event.target.value))}
        title={intl.formatMessage({ id: 'queue.concurrency.title' })}
      >
        {CHOICES.map((count) => (
          <option key={count} value={count}>
            {intl.formatMessage({ id: 'queue.concurrency.choice' }, { count })}
          </option>
        ))}
      </select>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="toolbar-field__error" id={`${id}-error`} role="alert">
          {intl.formatMessage({ id: 'queue.concurrency.notSaved' }, { reason: sayError(intl, error) })}
        </p>
      ) : null}
    </div>
  );
}
