/**
 * Settings → Updates: the updater's state as the main process reports it (updates.changed), where
 * updates come from, intl.formatMessage({ id: 'settings.updates.check' }), and intl.formatMessage({ id: 'settings.updates.restart' }) once a new version has
 * downloaded. The installed app checks by itself at start and every 4 hours. Another address can
 * only be asked for here: the main process asks the person in a native dialog before using it
 * (updates.useFeed), and an administrator's address cannot be changed.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n';
import { sayWords } from '../../i18n/main-words';
import type { UpdateStatus } from '../../api/contract';
import { on, type ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextField } from '../../components/Field';
import { request } from '../../state/connection';
import { asApiError } from '../../state/settings';
import { urlProblem } from './form-rules';
import { SettingsSection } from './SettingsSection';

function describe(intl: IntlShape, status: UpdateStatus): string {
  const current = status.currentVersion;
  const available = status.availableVersion ?? '';
  switch (status.state) {
    case 'unsupported':
    case 'error':
    case 'off':
      return status.messageWords ? sayWords(intl, status.messageWords) : intl.formatMessage({ id: 'settings.updates.unavailable' });
    case 'idle':
      return intl.formatMessage({ id: 'settings.updates.idle' }, { current });
    case 'checking':
      return intl.formatMessage({ id: 'settings.updates.checking' });
    case 'up_to_date':
      return status.checkedAt
        ? intl.formatMessage({ id: 'settings.updates.upToDateChecked' }, { current, checkedAt: new Date(status.checkedAt) })
        : intl.formatMessage({ id: 'settings.updates.upToDate' }, { current });
    case 'downloading':
      return intl.formatMessage({ id: 'settings.updates.downloading' }, { available, percent: (status.percent ?? 0) / 100 });
    case 'downloaded':
      return intl.formatMessage({ id: 'settings.updates.downloaded' }, { available });
  }
}

const SOURCE_WORDS: Record<NonNullable<UpdateStatus['feedSource']>, MessageId> = {
  build: 'settings.updates.source.build',
  policy: 'settings.updates.source.policy',
  chosen: 'settings.updates.source.chosen',
};

export function UpdateSettings() {
  const intl = useIntl();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [actionError, setActionError] = useState<ApiError | null>(null);
  const [acting, setActing] = useState(false);
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const stop = on('updates.changed', (next) => live && setStatus(next));
    request('updates.status').then(
      (value) => live && setStatus(value),
      (failure: unknown) => live && setActionError(asApiError(failure)),
    );
    return () => {
      live = false;
      stop();
    };
  }, []);

  async function act(run: () => Promise<UpdateStatus | { restarting: true }>) {
    setActing(true);
    setActionError(null);
    try {
      const result = await run();
      if ('state' in result) setStatus(result);
      return true;
    } catch (failure) {
      setActionError(asApiError(failure));
      return false;
    } finally {
      setActing(false);
    }
  }

  function askForAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = address.trim();
    const wrong = urlProblem(url, 'updateUrl');
    setProblem(wrong);
    if (wrong || acting) return;
    void act(() => request('updates.useFeed', { url })).then((done) => done && setAddress(''));
  }

  const canCheck = status !== null && ['idle', 'up_to_date', 'error'].includes(status.state);
  const canChangeFeed = status !== null && status.state !== 'unsupported' && status.feedSource !== 'policy';
  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.updates.title' })} description={intl.formatMessage({ id: 'settings.updates.description' })}>
      <div className="update-status">
        <p className="update-status__text" role="status">
          {status ? describe(intl, status) : intl.formatMessage({ id: 'settings.about.loading' })}
        </p>
        {status?.state === 'downloaded' ? (
          <Button variant="primary" busy={acting} onClick={() => void act(() => request('updates.install'))}>
            {intl.formatMessage({ id: 'settings.updates.restart' })}
          </Button>
        ) : (
          <Button unavailable={!canCheck} busy={acting || status?.state === 'checking'} onClick={() => void act(() => request('updates.check'))}>
            {intl.formatMessage({ id: 'settings.updates.check' })}
          </Button>
        )}
      </div>
      {status?.feedUrl && status.feedSource ? (
        <p className="field__hint">
          <FormattedMessage id="settings.updates.feed" values={{ url: status.feedUrl, source: intl.formatMessage({ id: SOURCE_WORDS[status.feedSource] }), code: (chunks) => <code>{chunks}</code> }} />
        </p>
      ) : null}
      {canChangeFeed ? (
        <form className="form" noValidate onSubmit={askForAddress}>
          <TextField
            label={intl.formatMessage({ id: 'settings.updates.another' })}
            type="url"
            inputMode="url"
            value={address}
            onValueChange={setAddress}
            error={problem}
            hint={intl.formatMessage({ id: 'settings.updates.another.hint' })}
          />
          <div className="form-footer">
            <Button type="submit" busy={acting}>
              {intl.formatMessage({ id: 'settings.updates.useAddress' })}
            </Button>
            {status?.feedSource === 'chosen' ? (
              <Button variant="ghost" busy={acting} onClick={() => void act(() => request('updates.useFeed', { url: null }))}>
                {intl.formatMessage({ id: 'settings.updates.backToBuild' })}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {actionError ? <ErrorBanner title={intl.formatMessage({ id: 'settings.updates.actionFailed' })} error={actionError} /> : null}
    </SettingsSection>
  );
}
