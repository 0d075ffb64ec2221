/**
 * Whether Draftdeck may tell the person, outside its window, that a batch reached the inbox or a
 * draft failed. Web mode asks the browser on this button's click, never on load; Electron uses the
 * system's notifications and needs no permission here.
 */
import { runtime } from '../../api/client';
import { Button } from '../../components/Button';
import { askNoticePermission, useNoticePermission, type NoticePermission } from '../../state/notifications';
import { SettingsSection } from './SettingsSection';

const WEB_WORDS: Record<NoticePermission, string> = {
  default: 'Draftdeck can show a notification when a batch reaches the inbox or a draft fails, once you allow it.',
  granted: 'On: this browser shows a notification when a batch reaches the inbox or a draft fails (one per batch).',
  denied: 'This browser blocks notifications from this page. Allow them in the site settings (the icon left of the address), then reload.',
  unsupported: 'This browser cannot show notifications; the queue shows every outcome.',
};

export function NotificationSettings() {
  const permission = useNoticePermission((state) => state.permission);
  return (
    <SettingsSection title="Notifications" description="Hear when your drafts reach the inbox or fail, with Draftdeck in the background.">
      {runtime === 'electron' ? (
        <p>Draftdeck shows a system notification when a batch reaches the inbox or a draft fails (one per batch).</p>
      ) : (
        <div className="form">
          <p data-testid="notice-permission">{WEB_WORDS[permission]}</p>
          {permission === 'default' ? (
            <div>
              <Button onClick={() => void askNoticePermission()}>Allow notifications</Button>
            </div>
          ) : null}
        </div>
      )}
    </SettingsSection>
  );
}
