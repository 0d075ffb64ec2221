/**
 * The S3 photo host's access keys. Write-only: what is typed goes to the main process once, into
 * the vault, and is never shown or read back; the page learns only whether keys are stored.
 */
import { useIntl } from 'react-intl';
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextField } from '../../components/Field';
import { SaveStatus } from '../../components/SaveStatus';
import { request } from '../../state/connection';
import { asApiError } from '../../state/settings';

export function S3KeysForm() {
  const intl = useIntl();
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
    if (!id) next.id = intl.formatMessage({ id: 'settings.s3Keys.idEmpty' });
    else if (id.length > 256) next.id = intl.formatMessage({ id: 'settings.s3Keys.idTooLong' });
    if (!secretAccessKey) next.secret = intl.formatMessage({ id: 'settings.s3Keys.secretEmpty' });
    else if (secretAccessKey.length > 1024) next.secret = intl.formatMessage({ id: 'settings.s3Keys.secretTooLong' });
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
    <form className="secret-form" noValidate onSubmit={(event) => void submit(event)} aria-label={intl.formatMessage({ id: 'settings.s3Keys.form' })}>
      <p className="field__hint">{stored ? intl.formatMessage({ id: 'settings.s3Keys.stored' }) : intl.formatMessage({ id: 'settings.s3Keys.needed' })}</p>
      <div className="secret-form__row">
        <TextField label={intl.formatMessage({ id: 'settings.s3Keys.accessKeyId' })} autoComplete="off" spellCheck={false} className="input--mono" value={accessKeyId} onValueChange={(value) => (setAccessKeyId(value), edited())} error={problems.id} />
        <TextField label={intl.formatMessage({ id: 'settings.s3Keys.secretAccessKey' })} type="password" autoComplete="off" spellCheck={false} className="input--mono" value={secretAccessKey} onValueChange={(value) => (setSecretAccessKey(value), edited())} error={problems.secret} />
        <Button type="submit" variant="primary" busy={saving}>
          {saving ? intl.formatMessage({ id: 'settings.saving' }) : stored ? intl.formatMessage({ id: 'settings.s3Keys.replace' }) : intl.formatMessage({ id: 'settings.s3Keys.save' })}
        </Button>
        <SaveStatus saved={saved} label={intl.formatMessage({ id: 'settings.s3Keys.saved' })} />
      </div>
      {error ? <ErrorBanner title={intl.formatMessage({ id: 'settings.s3Keys.saveFailed' })} error={error} /> : null}
    </form>
  );
}
