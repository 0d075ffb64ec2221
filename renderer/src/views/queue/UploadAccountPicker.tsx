import { hashFor } from '../../state/navigation';
import { accountLabel } from '../../state/accounts';
import { loadSettings, saveSettings, useSettings } from '../../state/settings';
import { targetWords, type UploadTarget } from './use-upload-target';

/**
 * Which accounts new drafts go to (one draft each): a disclosure with a checkbox per account that
 * can receive drafts, kept in settings so it survives reloads and restarts. At least one stays
 * chosen. With none able to receive drafts, it says why and where to fix it.
 */
export function UploadAccountPicker({ target }: { target: UploadTarget }) {
  const none = target.eligible.length === 0;
  const words = targetWords(target);
  const toggle = (openId: string, on: boolean) => {
    const next = on ? [...target.openIds, openId] : target.openIds.filter((candidate) => candidate !== openId);
    if (next.length === 0) return;
    // Shown at once; the main process's answer (or, on failure, its settings read again) follows.
    const current = useSettings.getState().settings;
    if (current) useSettings.setState({ settings: { ...current, queue: { sendTo: next } } });
    void saveSettings({ queue: { sendTo: next } }).catch(() => loadSettings());
  };
  return (
    <div className="toolbar-field">
      <span className="toolbar-field__label">
        Send to
      </span>
      {none ? (
        <>
          <p className="send-to__none">
            No account can receive drafts
          </p>
          <p className="toolbar-field__hint">
            {target.anyAccount ? 'Your accounts need to sign in again or allow video.upload.' : 'Add an account first.'} <a href={hashFor('accounts')}>Go to Accounts</a>
          </p>
        </>
      ) : (
        <details className="send-to">
          <summary className="select send-to__summary" aria-label={`Send to: ${words}`}>
            <span className="send-to__names">{words}</span>
          </summary>
          <fieldset className="send-to__menu">
            <legend className="visually-hidden">Send new drafts to</legend>
            {target.eligible.map((account) => {
              const checked = target.openIds.includes(account.openId);
              return (
                <label key={account.openId} className="send-to__option">
                  <input type="checkbox" checked={checked} disabled={checked && target.openIds.length === 1} onChange={(event) => toggle(account.openId, event.target.checked)} />
                  <span>
                    {accountLabel(account)}
                    {account.displayName && account.username ? ` (@${account.username})` : ''}
                  </span>
                </label>
              );
            })}
          </fieldset>
        </details>
      )}
    </div>
  );
}
