import { useIntl } from 'react-intl';
import { useEffect } from 'react';
import { loadSecrets, useSecrets } from '../../state/secrets';
import { ClientSecretForm } from '../accounts/ClientSecretForm';
import { SettingsSection } from './SettingsSection';

/**
 * The saved custom platform's client secret, when it lives in this computer's vault: whether one
 * is stored, and a write-only field to store or replace it (it is never shown back).
 */
export function ClientSecretSettings({ name }: { name: string }) {
  const status = useSecrets((state) => state.profile);
  useEffect(() => {
    void loadSecrets();
  }, [name]);
  const intl = useIntl();
  const stored = status?.clientSecret === 'stored';
  return (
    <SettingsSection
      title={intl.formatMessage({ id: 'settings.clientSecret.title' })}
      description={intl.formatMessage({ id: stored ? 'settings.clientSecret.stored' : 'settings.clientSecret.needed' }, { name })}
    >
      {status ? <ClientSecretForm stored={stored} /> : null}
    </SettingsSection>
  );
}
