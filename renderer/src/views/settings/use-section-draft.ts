/**
 * The edit state of one settings section: a draft that follows the stored value until the person
 * edits it (a change made elsewhere does not overwrite unsaved typing), and the save round trip.
 */
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { asApiError } from '../../state/settings';

export interface SectionDraft<D> {
  draft: D;
  edit(next: D): void;
  saving: boolean;
  saved: boolean;
  error: ApiError | null;
  /**
   * Runs a save; on success the draft becomes what was stored. On failure the draft stays for
   * the person to fix, or goes back to the stored value when there is nothing to fix ('revert').
   */
  run(save: () => Promise<D>, onFailure?: 'keep' | 'revert'): Promise<void>;
}

export function useSectionDraft<S, D>(stored: S, toDraft: (stored: S, previous?: D) => D, same: (a: D, b: D) => boolean): SectionDraft<D> {
  const [base, setBase] = useState(stored);
  const [draft, setDraft] = useState(() => toDraft(stored));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  if (base !== stored) {
    // Adjusting state during render (React's documented pattern for following a prop).
    setBase(stored);
    if (same(draft, toDraft(base, draft))) setDraft(toDraft(stored, draft));
  }

  return {
    draft,
    edit(next) {
      setDraft(next);
      setSaved(false);
      setError(null);
    },
    saving,
    saved,
    error,
    async run(save, onFailure = 'keep') {
      setSaving(true);
      setError(null);
      try {
        setDraft(await save());
        setSaved(true);
      } catch (failure) {
        setError(asApiError(failure));
        setSaved(false);
        if (onFailure === 'revert') setDraft(toDraft(stored));
      } finally {
        setSaving(false);
      }
    },
  };
}
