/**
 * Settings → Updates: the updater's state as the main process reports it (updates.changed), where
 * updates come from, "Check for updates", and "Restart to update" once a new version has
 * downloaded. The installed app checks by itself at start and every 4 hours. Another address can
 * only be asked for here: the main process asks the person in a native dialog before using it
 * (updates.useFeed), and an administrator's address cannot be changed.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { UpdateStatus } from '../../api/contract';
import { on, type ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextField } from '../../components/Field';
import { request } from '../../state/connection';
import { asApiError } from '../../state/settings';
import { urlProblem } from './form-rules';
import { SettingsSection } from './SettingsSection';

function describe(status: UpdateStatus): string {
  const checked = status.checkedAt ? ` (checked ${new Date(status.checkedAt).toLocaleTimeString()})` : '';
  switch (status.state) {
    case 'unsupported':
    case 'error':
    case 'off':
      return status.message ?? 'Updates are not available.';
    case 'idle':
      return `Draftdeck ${status.currentVersion}. It checks for updates by itself at start and every 4 hours.`;
    case 'checking':
      return 'Checking for updates…';
    case 'up_to_date':
      return `Draftdeck ${status.currentVersion} is the newest version${checked}.`;
    case 'downloading':
      return `Downloading Draftdeck ${status.availableVersion ?? ''}… ${Math.round(status.percent ?? 0)}%`;
    case 'downloaded':
      return `Draftdeck ${status.availableVersion ?? ''} is ready: it installs when you quit, or restart now.`;
  }
}

const SOURCE_WORDS: Record<NonNullable<UpdateStatus['feedSource']>, string> = {
  build: "this release's own address",
  policy: 'set by your administrator',
  chosen: 'an address you chose',
};

export function UpdateSettings() {
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
    <SettingsSection title="Updates" description="The installed app keeps itself current: new versions download in the background and install when you quit.">
      <div className="update-status">
        <p className="update-status__text" role="status">
          {status ? describe(status) : 'Loading…'}
        </p>
        {status?.state === 'downloaded' ? (
          <Button variant="primary" busy={acting} onClick={() => void act(() => request('updates.install'))}>
            Restart to update
          </Button>
        ) : (
          <Button unavailable={!canCheck} busy={acting || status?.state === 'checking'} onClick={() => void act(() => request('updates.check'))}>
            Check for updates
          </Button>
        )}
      </div>
      {status?.feedUrl && status.feedSource ? (
        <p className="field__hint">
          Updates come from <code>{status.feedUrl}</code> ({SOURCE_WORDS[status.feedSource]}).
        </p>
      ) : null}
      {canChangeFeed ? (
        <form className="form" noValidate onSubmit={askForAddress}>
          <TextField
            label="Another update address"
            type="url"
            inputMode="url"
            value={address}
            onValueChange={setAddress}
            error={problem}
            hint="Only if the people who gave you Draftdeck asked you to. Draftdeck asks you to confirm in a system dialog."
          />
          <div className="form-footer">
            <Button type="submit" busy={acting}>
              Use this address…
            </Button>
            {status?.feedSource === 'chosen' ? (
              <Button variant="ghost" busy={acting} onClick={() => void act(() => request('updates.useFeed', { url: null }))}>
                Go back to this release's own address
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {actionError ? <ErrorBanner title="Draftdeck could not do that" error={actionError} /> : null}
    </SettingsSection>
  );
}
