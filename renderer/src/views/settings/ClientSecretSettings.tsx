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
  const stored = status?.clientSecret === 'stored';
  return (
    <SettingsSection
      title="Client secret"
      description={stored ? `A secret for ${name} is stored in this computer's vault.` : `${name} needs the client secret issued with its client key before anyone can sign in.`}
    >
      {status ? <ClientSecretForm stored={stored} /> : null}
    </SettingsSection>
  );
}
