/**
 * Watch folders: a folder per account whose new videos become drafts by themselves, once they
 * have stopped growing. In web mode the folder is typed as a full path; in Electron the system's
 * folder picker is offered too. The main process checks every path and says what is wrong.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { runtime } from '../../api/client';
import type { WatchFolderView } from '../../api/contract';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { accountLabel, canReceiveDrafts, useAccounts } from '../../state/accounts';
import { asApiError } from '../../state/settings';
import { addWatchFolder, removeWatchFolder, setWatchFolderPaused, startWatchFolders, useWatchFolders } from '../../state/watch-folders';
import { SettingsSection } from './SettingsSection';

export function WatchFolderSettings() {
  useEffect(startWatchFolders, []);
  const folders = useWatchFolders((state) => state.folders);
  return (
    <SettingsSection title="Watch folders" description="Videos that appear in a watched folder become drafts for its account once they have finished writing. Each file is taken once, even after a restart.">
      {folders && folders.length > 0 ? (
        <ul className="watch-folders" aria-label="Watched folders">
          {folders.map((folder) => (
            <WatchFolderRow key={folder.id} folder={folder} />
          ))}
        </ul>
      ) : (
        <p className="watch-folders__empty">No folder is watched.</p>
      )}
      <AddWatchFolder />
    </SettingsSection>
  );
}

function WatchFolderRow({ folder }: { folder: WatchFolderView }) {
  const account = useAccounts((state) => state.accounts?.find((candidate) => candidate.openId === folder.openId));
  const [error, setError] = useState<string | null>(null);
  const run = (action: () => Promise<void>) => action().then(() => setError(null), (caught: unknown) => setError(asApiError(caught).message));
  const status = folder.state === 'paused' ? 'Paused' : folder.state === 'unavailable' ? 'Unavailable' : 'Watching';
  const facts = [
    `${folder.taken} taken`,
    folder.lastTaken ? `last: ${folder.lastTaken.fileName}` : null,
    folder.growing > 0 ? `${folder.growing} still being written` : null,
  ].filter(Boolean);
  return (
    <li className="watch-folder" data-state={folder.state}>
      <div className="watch-folder__main">
        <p className="watch-folder__path" title={folder.path}>
          {folder.path}
        </p>
        <p className="watch-folder__meta">
          <span className={`state-badge state-badge--${folder.state === 'watching' ? 'active' : folder.state === 'paused' ? 'neutral' : 'danger'}`}>{status}</span> for{' '}
          {account ? accountLabel(account) : folder.openId} · {facts.join(' · ')}
        </p>
        {folder.problem ? <p className="watch-folder__problem">{folder.problem}</p> : null}
        {folder.skipped.length > 0 ? (
          <ul className="watch-folder__skipped" aria-label={`Files not taken from ${folder.path}`}>
            {folder.skipped.map((skip) => (
              <li key={`${skip.fileName}-${skip.at}`}>
                {skip.fileName}: {skip.reason}
              </li>
            ))}
          </ul>
        ) : null}
        {error ? <p className="field__error">{error}</p> : null}
      </div>
      <div className="watch-folder__actions">
        <Button variant="secondary" onClick={() => void run(() => setWatchFolderPaused(folder.id, !folder.paused))}>
          {folder.paused ? `Resume watching` : `Pause watching`}
          <span className="visually-hidden"> {folder.path}</span>
        </Button>
        <Button variant="ghost" onClick={() => void run(() => removeWatchFolder(folder.id))}>
          Stop watching<span className="visually-hidden"> {folder.path}</span>
        </Button>
      </div>
    </li>
  );
}

function AddWatchFolder() {
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
      setError(asApiError(caught).message);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() !== '') void add(path.trim());
  };

  if (accounts !== null && eligible.length === 0) return <p className="watch-folders__empty">Add an account that can receive drafts to watch a folder for it.</p>;
  return (
    <form className="watch-folders__add" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={accountId}>
          Account
        </label>
        <select id={accountId} className="select" value={target ?? ''} onChange={(event) => setOpenId(event.target.value)}>
          {eligible.map((account) => (
            <option key={account.openId} value={account.openId}>
              {accountLabel(account)}
            </option>
          ))}
        </select>
      </div>
      <TextField label="Folder" hint="Its full path, for example /home/you/Videos/Exports" error={error} value={path} onValueChange={(value) => (setPath(value), setError(null))} spellCheck={false} />
      <div className="watch-folders__buttons">
        <Button variant="primary" type="submit" busy={busy} unavailable={!target || path.trim() === ''}>
          Watch folder
        </Button>
        {runtime === 'electron' ? (
          <Button variant="secondary" busy={busy} unavailable={!target} onClick={() => void add(null)}>
            Choose folder…
          </Button>
        ) : null}
      </div>
    </form>
  );
}
