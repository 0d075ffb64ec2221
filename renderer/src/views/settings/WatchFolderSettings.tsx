/**
 * Watch folders: a folder per account whose new videos become drafts by themselves, once they
 * have stopped growing. In web mode the folder is typed as a full path; in Electron the system's
 * folder picker is offered too. The main process checks every path and says what is wrong.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { runtime } from '../../api/client';
import type { WatchFolderView } from '../../api/contract';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { accountLabel, canReceiveDrafts, useAccounts } from '../../state/accounts';
import { asApiError } from '../../state/settings';
import { addWatchFolder, removeWatchFolder, setWatchFolderPaused, startWatchFolders, useWatchFolders } from '../../state/watch-folders';
import { SettingsSection } from './SettingsSection';
import { sayError, sayWords } from '../../i18n/main-words';

export function WatchFolderSettings() {
  const intl = useIntl();
  useEffect(startWatchFolders, []);
  const folders = useWatchFolders((state) => state.folders);
  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.watch.title' })} description={intl.formatMessage({ id: 'settings.watch.description' })}>
      {folders && folders.length > 0 ? (
        <ul className="watch-folders" aria-label={intl.formatMessage({ id: 'settings.watch.list' })}>
          {folders.map((folder) => (
            <WatchFolderRow key={folder.id} folder={folder} />
          ))}
        </ul>
      ) : (
        <p className="watch-folders__empty">{intl.formatMessage({ id: 'settings.watch.none' })}</p>
      )}
      <AddWatchFolder />
    </SettingsSection>
  );
}

function WatchFolderRow({ folder }: { folder: WatchFolderView }) {
  const intl = useIntl();
  const account = useAccounts((state) => state.accounts?.find((candidate) => candidate.openId === folder.openId));
  const [error, setError] = useState<string | null>(null);
  const run = (action: () => Promise<void>) => action().then(() => setError(null), (caught: unknown) => setError(sayError(intl, asApiError(caught))));
  const status = intl.formatMessage({ id: folder.state === 'paused' ? 'settings.watch.paused' : folder.state === 'unavailable' ? 'settings.watch.unavailable' : 'settings.watch.watching' });
  // A middle dot between facts, as in the queue's rows: a separator every script reads.
  const facts = [
    intl.formatMessage({ id: 'settings.watch.taken' }, { count: folder.taken }),
    folder.lastTaken ? intl.formatMessage({ id: 'settings.watch.last' }, { name: folder.lastTaken.fileName }) : null,
    folder.growing > 0 ? intl.formatMessage({ id: 'settings.watch.growing' }, { count: folder.growing }) : null,
  ]
    .filter((fact): fact is string => fact !== null)
    .join(' · ');
  return (
    <li className="watch-folder" data-state={folder.state}>
      <div className="watch-folder__main">
        <p className="watch-folder__path" title={folder.path}>
          {folder.path}
        </p>
        <p className="watch-folder__meta">
          <FormattedMessage
            id="settings.watch.meta"
            values={{
              status: <span className={`state-badge state-badge--${folder.state === 'watching' ? 'active' : folder.state === 'paused' ? 'neutral' : 'danger'}`}>{status}</span>,
              account: account ? accountLabel(account) : folder.openId,
              facts,
            }}
          />
        </p>
        {folder.problemWords ? <p className="watch-folder__problem">{sayWords(intl, folder.problemWords)}</p> : null}
        {folder.skipped.length > 0 ? (
          <ul className="watch-folder__skipped" aria-label={intl.formatMessage({ id: 'settings.watch.skipped' }, { path: folder.path })}>
            {folder.skipped.map((skip) => (
              <li key={`${skip.fileName}-${skip.at}`}>
                {intl.formatMessage({ id: 'settings.watch.skip' }, { name: skip.fileName, reason: sayWords(intl, skip.reasonWords) })}
              </li>
            ))}
          </ul>
        ) : null}
        {error ? <p className="field__error">{error}</p> : null}
      </div>
      <div className="watch-folder__actions">
        <Button variant="secondary" onClick={() => void run(() => setWatchFolderPaused(folder.id, !folder.paused))}>
          {intl.formatMessage({ id: folder.paused ? 'settings.watch.resume' : 'settings.watch.pause' })}
          <span className="visually-hidden"> {folder.path}</span>
        </Button>
        <Button variant="ghost" onClick={() => void run(() => removeWatchFolder(folder.id))}>
          {intl.formatMessage({ id: 'settings.watch.stop' })}
          <span className="visually-hidden"> {folder.path}</span>
        </Button>
      </div>
    </li>
  );
}

function AddWatchFolder() {
  const intl = useIntl();
  const accounts = useAccounts((state) => state.accounts);
  const eligible = (accounts ?? []).filter(canReceiveDrafts);
  const [openId, setOpenId] = useState('');
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accountId = useId();
  const target = eligible.find((account) => account.openId === openId)?.openId ?? eligible[0]?.openId ?? null;

  const add = async (chosen: string | null) => {
    if (!target || busy) return;
    setBusy(true);
    try {
      if (await addWatchFolder(target, chosen)) setPath('');
      setError(null);
    } catch (caught) {
      setError(sayError(intl, asApiError(caught)));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() !== '') void add(path.trim());
  };

  if (accounts !== null && eligible.length === 0) return <p className="watch-folders__empty">{intl.formatMessage({ id: 'settings.watch.noAccount' })}</p>;
  return (
    <form className="watch-folders__add" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={accountId}>
          {intl.formatMessage({ id: 'settings.watch.account' })}
        </label>
        <select id={accountId} className="select" value={target ?? ''} onChange={(event) => setOpenId(event.target.value)}>
          {eligible.map((account) => (
            <option key={account.openId} value={account.openId}>
              {accountLabel(account)}
            </option>
          ))}
        </select>
      </div>
      <TextField label={intl.formatMessage({ id: 'settings.watch.folder' })} hint={intl.formatMessage({ id: 'settings.watch.folder.hint' })} error={error} value={path} onValueChange={(value) => (setPath(value), setError(null))} spellCheck={false} />
      <div className="watch-folders__buttons">
        <Button variant="primary" type="submit" busy={busy} unavailable={!target || path.trim() === ''}>
          {intl.formatMessage({ id: 'settings.watch.add' })}
        </Button>
        {runtime === 'electron' ? (
          <Button variant="secondary" busy={busy} unavailable={!target} onClick={() => void add(null)}>
            {intl.formatMessage({ id: 'settings.watch.choose' })}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
