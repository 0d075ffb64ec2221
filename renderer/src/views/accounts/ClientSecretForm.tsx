/**
 * The client secret of a custom platform whose secret lives in this computer's vault. Write-only:
 * what is typed goes to the main process once and is never shown or read back.
 */
import { useIntl } from 'react-intl';
import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextField } from '../../components/Field';
import { SaveStatus } from '../../components/SaveStatus';
import { setClientSecret } from '../../state/secrets';

export function ClientSecretForm({ stored }: { stored: boolean }) {
  const intl = useIntl();
  const [secret, setSecret] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const value = secret.trim();
    if (!value) return setProblem(intl.formatMessage({ id: 'accounts.secret.empty' }));
    if (value.length > 512) return setProblem(intl.formatMessage({ id: 'accounts.secret.tooLong' }));
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
          label={intl.formatMessage({ id: 'accounts.secret.label' })}
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
          hint={stored ? intl.formatMessage({ id: 'accounts.secret.storedHint' }) : intl.formatMessage({ id: 'accounts.secret.keptEncrypted' })}
        />
        <Button type="submit" variant="primary" busy={saving}>
          {saving ? intl.formatMessage({ id: 'accounts.secret.saving' }) : stored ? intl.formatMessage({ id: 'accounts.secret.replace' }) : intl.formatMessage({ id: 'accounts.secret.save' })}
        </Button>
        <SaveStatus saved={saved} label={intl.formatMessage({ id: 'accounts.secret.saved' })} />
      </div>
      {error ? <ErrorBanner title={intl.formatMessage({ id: 'accounts.secret.saveFailed' })} error={error} /> : null}
    </form>
  );
}
