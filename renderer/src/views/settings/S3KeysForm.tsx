/**
 * The S3 photo host's access keys. Write-only: what is typed goes to the main process once, into
 * the vault, and is never shown or read back; the page learns only whether keys are stored.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextField } from '../../components/Field';
import { SaveStatus } from '../../components/SaveStatus';
import { request } from '../../state/connection';
import { asApiError } from '../../state/settings';

export function S3KeysForm() {
  const [stored, setStored] = useState<boolean | null>(null);
  const [accessKeyId, setAccessKeyId] = useState('');
  const [secretAccessKey, setSecretAccessKey] = useState('');
  const [problems, setProblems] = useState<{ id?: string; secret?: string }>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    request('photos.s3KeysStatus').then(
      (status) => setStored(status.stored),
      (failure: unknown) => setError(asApiError(failure)),
    );
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const id = accessKeyId.trim();
    const next: { id?: string; secret?: string } = {};
    if (!id) next.id = 'Enter the access key ID of a key that may write to the bucket.';
    else if (id.length > 256) next.id = 'An access key ID is at most 256 characters.';
    if (!secretAccessKey) next.secret = 'Enter the secret access key that goes with it.';
    else if (secretAccessKey.length > 1024) next.secret = 'A secret access key is at most 1024 characters.';
    setProblems(next);
    if (next.id || next.secret) return;
    setSaving(true);
    setError(null);
    try {
      await request('photos.setS3Keys', { accessKeyId: id, secretAccessKey });
      setAccessKeyId('');
      setSecretAccessKey('');
      setStored(true);
      setSaved(true);
    } catch (failure) {
      setError(asApiError(failure));
    } finally {
      setSaving(false);
    }
  }

  const edited = () => setSaved(false);
  return (
    <form className="secret-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Bucket access keys">
      <p className="field__hint">{stored ? 'Keys for the bucket are stored in this computer’s vault. Enter new ones to replace them; the stored ones are never shown.' : 'The bucket needs an access key that may write to it. Kept encrypted in this computer’s vault, never in the settings file, and never shown again.'}</p>
      <div className="secret-form__row">
        <TextField label="Access key ID" autoComplete="off" spellCheck={false} className="input--mono" value={accessKeyId} onValueChange={(value) => (setAccessKeyId(value), edited())} error={problems.id} />
        <TextField label="Secret access key" type="password" autoComplete="off" spellCheck={false} className="input--mono" value={secretAccessKey} onValueChange={(value) => (setSecretAccessKey(value), edited())} error={problems.secret} />
        <Button type="submit" variant="primary" busy={saving}>
          {saving ? 'Saving…' : stored ? 'Replace keys' : 'Save keys'}
        </Button>
        <SaveStatus saved={saved} label="Keys stored" />
      </div>
      {error ? <ErrorBanner title="Draftdeck could not store the keys" error={error} /> : null}
    </form>
  );
}
