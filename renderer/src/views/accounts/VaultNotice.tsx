/**
 * Where sign-ins are kept. When the only secret store is weak (Chromium's basic_text, as good as
 * plain text) or missing, sign-ins stay in memory, and the person may choose to store them anyway
 * after reading what that means. When storage is sound, one quiet line says what protects it.
 */
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import type { VaultStatus } from '../../api/contract';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Icon } from '../../components/Icon';
import { Notice } from '../../components/Notice';
import { allowPlaintext } from '../../state/secrets';

export function VaultNotice({ vault }: { vault: VaultStatus }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  async function choose(allow: boolean) {
    setBusy(true);
    setError(null);
    try {
      await allowPlaintext(allow);
      setConfirming(false);
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setBusy(false);
    }
  }

  const failure = error ? <ErrorBanner title="Draftdeck could not change where sign-ins are kept" error={error} /> : null;

  if (vault.optedInToPlaintext) {
    return (
      <>
        <Notice
          tone="warning"
          live="none"
          title="Sign-ins are stored without your system's protection"
          actions={
            <Button busy={busy} onClick={() => void choose(false)}>
              Keep sign-ins in memory only
            </Button>
          }
        >
          {vault.reason ?? 'You chose to store sign-ins although this computer has no secure key store.'} Anyone who can read your files can use them.
        </Notice>
        {failure}
      </>
    );
  }

  if (!vault.persistent) {
    return (
      <>
        <Notice
          tone="warning"
          live="none"
          title="Sign-ins are kept in memory only"
          actions={
            vault.canOptIn ? (
              <Button onClick={() => setConfirming(true)}>Store sign-ins anyway…</Button>
            ) : null
          }
        >
          {vault.reason ?? 'This computer offers no safe place for sign-ins. You will need to sign in again each time Draftdeck starts.'}
        </Notice>
        {failure}
        {confirming ? (
          <ConfirmDialog title="Store sign-ins without protection?" confirmLabel="Store sign-ins anyway" tone="danger" busy={busy} onConfirm={() => void choose(true)} onCancel={() => setConfirming(false)}>
            <p>
              Your system's secret store here is <code>{vault.backend}</code>, which does not really protect secrets. Stored sign-ins would be as readable as plain text to any
              program or person who can read your files, and could be used to send drafts to your accounts.
            </p>
            <p>Choose this only on a computer you alone use. You can go back to memory-only at any time.</p>
          </ConfirmDialog>
        ) : null}
      </>
    );
  }

  return vault.reason ? (
    <p className="vault-note">
      <Icon name="lock" size={16} />
      <span>{vault.reason}</span>
    </p>
  ) : null;
}
