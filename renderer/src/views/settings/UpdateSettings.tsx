/**
 * Settings → Updates: the feed the installed app checks for new versions (off while empty), the
 * updater's state as the main process reports it (updates.changed), "Check for updates", and
 * "Restart to update" once a new version has downloaded.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { Settings, UpdateStatus } from '../../api/contract';
import { on, type ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { TextField } from '../../components/Field';
import { request } from '../../state/connection';
import { asApiError, saveSettings } from '../../state/settings';
import { FormFooter } from './FormFooter';
import { urlProblem } from './form-rules';
import { SettingsSection } from './SettingsSection';
import { useSectionDraft } from './use-section-draft';

type Updates = Settings['updates'];

const toDraft = (updates: Updates) => updates.feedUrl;
const same = (a: string, b: string) => a.trim() === b.trim();
const feedProblem = (raw: string) => (raw.trim() ? urlProblem(raw, 'the feed URL') : null);

function describe(status: UpdateStatus): string {
  const checked = status.checkedAt ? ` (checked ${new Date(status.checkedAt).toLocaleTimeString()})` : '';
  switch (status.state) {
    case 'unsupported':
    case 'error':
      return status.message ?? 'Updates are not available.';
    case 'off':
      return 'Off: add a feed URL above to check for new versions.';
    case 'idle':
      return `Draftdeck ${status.currentVersion}. Not checked yet.`;
    case 'checking':
      return 'Checking for updates…';
    case 'up_to_date':
      return `Draftdeck ${status.currentVersion} is the newest version${checked}.`;
    case 'downloading':
      return `Downloading Draftdeck ${status.availableVersion ?? ''}… ${Math.round(status.percent ?? 0)}%`;
    case 'downloaded':
      return `Draftdeck ${status.availableVersion ?? ''} is ready. Restart Draftdeck to update.`;
  }
}

export function UpdateSettings({ stored }: { stored: Updates }) {
  const section = useSectionDraft(stored, toDraft, same);
  const [checked, setChecked] = useState(false);
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [actionError, setActionError] = useState<ApiError | null>(null);
  const [acting, setActing] = useState(false);
  const problem = checked ? feedProblem(section.draft) : null;
  const dirty = !same(section.draft, toDraft(stored));

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (section.saving || !dirty) return;
    setChecked(true);
    if (feedProblem(section.draft)) return;
    void section.run(async () => toDraft((await saveSettings({ updates: { feedUrl: section.draft.trim() } })).updates));
  }

  async function act(channel: 'updates.check' | 'updates.install') {
    setActing(true);
    setActionError(null);
    try {
      const result = await request(channel);
      if ('state' in result) setStatus(result);
    } catch (failure) {
      setActionError(asApiError(failure));
    } finally {
      setActing(false);
    }
  }

  const canCheck = status !== null && ['idle', 'up_to_date', 'error'].includes(status.state) && !dirty;
  return (
    <SettingsSection title="Updates" description="Where the installed app looks for new versions. Leave it empty to turn updates off.">
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Update feed URL"
          type="url"
          inputMode="url"
          value={section.draft}
          onValueChange={section.edit}
          error={problem}
          hint="The folder a release is published to, e.g. https://downloads.example.com/draftdeck/"
        />
        <FormFooter label="Save updates" dirty={dirty} saving={section.saving} saved={section.saved} error={section.error} />
      </form>
      <div className="update-status">
        <p className="update-status__text" role="status">
          {status ? describe(status) : 'Loading…'}
        </p>
        {status?.state === 'downloaded' ? (
          <Button variant="primary" busy={acting} onClick={() => void act('updates.install')}>
            Restart to update
          </Button>
        ) : (
          <Button unavailable={!canCheck} busy={acting || status?.state === 'checking'} onClick={() => void act('updates.check')}>
            Check for updates
          </Button>
        )}
      </div>
      {actionError ? <ErrorBanner title="Draftdeck could not check for updates" error={actionError} /> : null}
    </SettingsSection>
  );
}
