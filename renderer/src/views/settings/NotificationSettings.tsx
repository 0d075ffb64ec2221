/**
 * Whether Draftdeck may tell the person, outside its window, that a batch reached the inbox or a
 * draft failed. Web mode asks the browser on this button's click, never on load; Electron uses the
 * system's notifications and needs no permission here.
 */
import { useIntl } from 'react-intl';
import { runtime } from '../../api/client';
import type { MessageId } from '../../i18n';
import { Button } from '../../components/Button';
import { askNoticePermission, useNoticePermission, type NoticePermission } from '../../state/notifications';
import { SettingsSection } from './SettingsSection';

const WEB_WORDS: Record<NoticePermission, MessageId> = {
  default: 'settings.notifications.web.default',
  granted: 'settings.notifications.web.granted',
  denied: 'settings.notifications.web.denied',
  unsupported: 'settings.notifications.web.unsupported',
};

export function NotificationSettings() {
  const intl = useIntl();
  const permission = useNoticePermission((state) => state.permission);
  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.notifications.title' })} description={intl.formatMessage({ id: 'settings.notifications.description' })}>
      {runtime === 'electron' ? (
        <p className="settings-section__text">{intl.formatMessage({ id: 'settings.notifications.desktop' })}</p>
      ) : (
        <div className="form">
          <p className="settings-section__text" data-testid="notice-permission">{intl.formatMessage({ id: WEB_WORDS[permission] })}</p>
          {permission === 'default' ? (
            <div>
              <Button onClick={() => void askNoticePermission()}>{intl.formatMessage({ id: 'settings.notifications.allow' })}</Button>
            </div>
          ) : null}
        </div>
      )}
    </SettingsSection>
  );
}
