import { Button } from '../components/Button';
import { ErrorBanner } from '../components/ErrorBanner';
import { PageHeader } from '../components/PageHeader';
import { loadSettings, useSettings } from '../state/settings';
import { AboutDraftdeck } from './settings/AboutDraftdeck';
import { AppearanceSettings } from './settings/AppearanceSettings';
import { ClientSecretSettings } from './settings/ClientSecretSettings';
import { PlatformSettings } from './settings/PlatformSettings';
import { UploadSettings } from './settings/UploadSettings';

export function SettingsView() {
  const settings = useSettings((state) => state.settings);
  const loadError = useSettings((state) => state.loadError);

  return (
    <>
      <PageHeader title="Settings" description="Where Draftdeck sends drafts, how it uploads, and how it looks. Saved on this computer." />
      {settings ? (
        <div className="settings">
          <PlatformSettings stored={settings.profile} />
          {settings.profile.kind === 'custom' && settings.profile.secret.store === 'vault' ? <ClientSecretSettings name={settings.profile.name} /> : null}
          <UploadSettings stored={settings.uploads} />
          <AppearanceSettings stored={settings.appearance} />
          <AboutDraftdeck />
        </div>
      ) : loadError ? (
        <ErrorBanner title="Draftdeck could not load its settings" error={loadError}>
          <Button className="banner__action" onClick={() => void loadSettings()}>
            Try again
          </Button>
        </ErrorBanner>
      ) : (
        <p className="loading" role="status">
          Loading settings…
        </p>
      )}
    </>
  );
}
