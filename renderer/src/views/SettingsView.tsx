import { useIntl } from 'react-intl';
import { LoadStatus } from '../components/LoadStatus';
import { PageHeader } from '../components/PageHeader';
import { loadSettings, useSettings } from '../state/settings';
import { AboutDraftdeck } from './settings/AboutDraftdeck';
import { AppearanceSettings } from './settings/AppearanceSettings';
import { ClientSecretSettings } from './settings/ClientSecretSettings';
import { NotificationSettings } from './settings/NotificationSettings';
import { PhotoSettings } from './settings/PhotoSettings';
import { PlatformSettings } from './settings/PlatformSettings';
import { UpdateSettings } from './settings/UpdateSettings';
import { UploadSettings } from './settings/UploadSettings';
import { VideoSettings } from './settings/VideoSettings';
import { WatchFolderSettings } from './settings/WatchFolderSettings';

export function SettingsView() {
  const intl = useIntl();
  const settings = useSettings((state) => state.settings);
  const loadError = useSettings((state) => state.loadError);

  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'settings.title' })} description={intl.formatMessage({ id: 'settings.description' })} />
      {settings ? (
        <div className="settings">
          <PlatformSettings stored={settings.profile} />
          {settings.profile.kind === 'custom' && settings.profile.secret.store === 'vault' ? <ClientSecretSettings name={settings.profile.name} /> : null}
          <UploadSettings />
          <NotificationSettings />
          <PhotoSettings stored={settings.photos} />
          <VideoSettings stored={settings.videos} />
          <WatchFolderSettings />
          <AppearanceSettings stored={settings.appearance} language={settings.language} />
          <UpdateSettings />
          <AboutDraftdeck />
        </div>
      ) : (
        <LoadStatus what="settings" error={loadError} onRetry={() => void loadSettings()} />
      )}
    </>
  );
}
