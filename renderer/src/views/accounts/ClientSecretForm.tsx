/**
 * The client secret of a custom platform whose secret lives in this computer's vault. Write-only:
 * what is typed goes to the main process once and is never shown or read back.
 */
import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextField } from '../../components/Field';
import { SaveStatus } from '../../components/SaveStatus';
import { setClientSecret } from '../../state/secrets';

export function ClientSecretForm({ stored }: { stored: boolean }) {
  const [secret, setSecret] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const value = secret.trim();
    if (!value) return setProblem('Enter the client secret the platform issued with your client key.');
    if (value.length > 512) return setProblem('A client secret is at most 512 characters.');
    setProblem(null);
    setSaving(true);
    setError(null);
    try {
      await setClientSecret(value);
      setSecret('');
      setSaved(true);
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="secret-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="secret-form__row">
        <TextField
          label="Client secret"
          type="password"
          autoComplete="off"
          spellCheck={false}
          className="input--mono"
          value={secret}
          onValueChange={(value) => {
            setSecret(value);
            setSaved(false);
          }}
          error={problem}
          hint={stored ? 'A secret is stored. Enter a new one to replace it; the stored one is never shown.' : 'Kept encrypted in this computer\u2019s vault, never in the settings file, and never shown again.'}
        />
        <Button type="submit" variant="primary" busy={saving}>
          {saving ? 'Saving…' : stored ? 'Replace secret' : 'Save secret'}
        </Button>
        <SaveStatus saved={saved} label="Secret stored" />
      </div>
      {error ? <ErrorBanner title="Draftdeck could not store the secret" error={error} /> : null}
    </form>
  );
}
