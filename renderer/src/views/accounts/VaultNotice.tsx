/**
 * Where sign-ins are kept. When the only secret store is weak (Chromium's basic_text, as good as
 * plain text) or missing, sign-ins stay in memory, and the person may choose to store them anyway
 * after reading what that means. When storage is sound, one quiet line says what protects it.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import type { VaultStatus } from '../../api/contract';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Icon } from '../../components/Icon';
import { Notice } from '../../components/Notice';
import { allowPlaintext } from '../../state/secrets';
import { sayWords } from '../../i18n/main-words';

export function VaultNotice({ vault }: { vault: VaultStatus }) {
  const intl = useIntl();
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

  const failure = error ? <ErrorBanner title={intl.formatMessage({ id: 'accounts.vault.changeFailed' })} error={error} /> : null;

  if (vault.optedInToPlaintext) {
    return (
      <>
        <Notice
          tone="warning"
          live="none"
          title={intl.formatMessage({ id: 'accounts.vault.plaintext' })}
          actions={
            <Button busy={busy} onClick={() => void choose(false)}>
              {intl.formatMessage({ id: 'accounts.vault.memoryOnly' })}
            </Button>
          }
        >
          {intl.formatMessage({ id: 'accounts.vault.plaintextBody' }, { reason: vault.reasonWords ? sayWords(intl, vault.reasonWords) : intl.formatMessage({ id: 'accounts.vault.plaintextChosen' }) })}
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
          title={intl.formatMessage({ id: 'accounts.vault.inMemory' })}
          actions={
            vault.canOptIn ? (
              <Button onClick={() => setConfirming(true)}>{intl.formatMessage({ id: 'accounts.vault.storeAnywayAsk' })}</Button>
            ) : null
          }
        >
          {vault.reasonWords ? sayWords(intl, vault.reasonWords) : intl.formatMessage({ id: 'accounts.vault.noSafePlace' })}
        </Notice>
        {failure}
        {confirming ? (
          <ConfirmDialog title={intl.formatMessage({ id: 'accounts.vault.confirmTitle' })} confirmLabel={intl.formatMessage({ id: 'accounts.vault.storeAnyway' })} tone="danger" busy={busy} onConfirm={() => void choose(true)} onCancel={() => setConfirming(false)}>
            <p>
              <FormattedMessage id="accounts.vault.confirmBody" values={{ backend: vault.backend, code: (chunks) => <code>{chunks}</code> }} />
            </p>
            <p>{intl.formatMessage({ id: 'accounts.vault.confirmAlone' })}</p>
          </ConfirmDialog>
        ) : null}
      </>
    );
  }

  return vault.reasonWords ? (
    <p className="vault-note">
      <Icon name="lock" size={16} />
      <span>{sayWords(intl, vault.reasonWords)}</span>
    </p>
  ) : null;
}
