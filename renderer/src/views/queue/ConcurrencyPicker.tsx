import { useId, useState } from 'react';
import type { ApiError } from '../../api/client';
import { saveSettings, useSettings } from '../../state/settings';
import { CONCURRENCY_MAX, CONCURRENCY_MIN } from '../settings/form-rules';

const CHOICES = Array.from({ length: CONCURRENCY_MAX - CONCURRENCY_MIN + 1 }, (_, index) => CONCURRENCY_MIN + index);

/**
 * settings.uploads.concurrency: the one control for it, in the Queue's toolbar (where its effect is
 * seen) and in Settings › Uploads (with its own label and hint). Applies on choice, like the theme.
 */
export function ConcurrencyPicker({ label = 'At once', hint }: { label?: string; hint?: string }) {
  const id = useId();
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
        {label}
      </label>
      <select
        id={id}
        className="select select--narrow"
        value={saving ?? stored}
        aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined}
        aria-busy={saving !== null || undefined}
        onChange={(event) => void choose(Number(event.target.value))}
        title="How many videos upload at the same time"
      >
        {CHOICES.map((count) => (
          <option key={count} value={count}>
            {count} {count === 1 ? 'upload' : 'uploads'}
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
          Not saved: {error.message}
        </p>
      ) : null}
    </div>
  );
}
