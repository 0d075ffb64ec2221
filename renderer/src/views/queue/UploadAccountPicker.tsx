import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  const none = target.eligible.length === 0;
  const menu = useDismissable();
  const words = targetWords(target, intl);
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
        {intl.formatMessage({ id: 'queue.sendTo.label' })}
      </span>
      {none ? (
        <>
          <p className="send-to__none">
            {intl.formatMessage({ id: 'queue.sendTo.none' })}
          </p>
          <p className="toolbar-field__hint">
            {intl.formatMessage({ id: target.anyAccount ? 'queue.sendTo.signInAgain' : 'queue.sendTo.addAccount' })} <a href={hashFor('accounts')}>{intl.formatMessage({ id: 'queue.goToAccounts' })}</a>
          </p>
        </>
      ) : (
        <details className="send-to" ref={menu.ref} open={menu.open} onToggle={(event) => menu.setOpen(event.currentTarget.open)} onKeyDown={menu.onKeyDown}>
          <summary className="select send-to__summary" aria-label={intl.formatMessage({ id: 'queue.sendTo.summary' }, { names: words })}>
            <span className="send-to__names">{words}</span>
          </summary>
          <fieldset className="send-to__menu">
            <legend className="visually-hidden">{intl.formatMessage({ id: 'queue.sendTo.legend' })}</legend>
            {target.eligible.map((account) => {
              const checked = target.openIds.includes(account.openId);
              return (
                <label key={account.openId} className="send-to__option">
                  <input type="checkbox" checked={checked} disabled={checked && target.openIds.length === 1} onChange={(event) => toggle(account.openId, event.target.checked)} />
                  <span>{account.displayName && account.username ? intl.formatMessage({ id: 'queue.sendTo.option' }, { name: account.displayName, username: account.username }) : accountLabel(account)}</span>
                </label>
              );
            })}
          </fieldset>
        </details>
      )}
    </div>
  );
}

/** A disclosure that closes like a menu: on Escape (focus back on its summary) and on a click or tap outside it. */
function useDismissable() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    ref.current?.querySelector('summary')?.focus();
  };
  return { ref, open, setOpen, onKeyDown };
}
