import { useId, useState } from 'react';
import type { ApiError } from '../../api/client';
import { saveSettings, useSettings } from '../../state/settings';
import { CONCURRENCY_MAX, CONCURRENCY_MIN } from '../settings/form-rules';

const CHOICES = Array.from({ length: CONCURRENCY_MAX - CONCURRENCY_MIN + 1 }, (_, index) => CONCURRENCY_MIN + index);

/** settings.uploads.concurrency, where its effect is seen. Applies on choice, like the theme. */
export function ConcurrencyPicker() {
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
    <div className="toolbar-field">
      <label className="toolbar-field__label" htmlFor={id}>
        At once
      </label>
      <select
        id={id}
        className="select select--narrow"
        value={saving ?? stored}
        aria-describedby={error ? `${id}-error` : undefined}
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
      {error ? (
        <p className="toolbar-field__error" id={`${id}-error`} role="alert">
          Not saved: {error.message}
        </p>
      ) : null}
    </div>
  );
}
