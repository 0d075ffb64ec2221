/** Electron's system notifications for batch notices, against the fake electron module. */
import { describe, expect, it, vi } from 'vitest';
import { createNotifier } from '../../../electron/desktop/notifications.js';
import { createFakeElectron } from './fake-electron.js';

const notice = { batchId: 'b1', title: '3 drafts reached the inbox', body: '3 in the inbox. Finish the post in the platform’s app.' };

describe('Electron notifications', () => {
  it('shows a notice as a system notification, and a click brings the window forward', () => {
    const fake = createFakeElectron();
    const bringToFront = vi.fn();
    createNotifier(fake.Notification, bringToFront)(notice);
    expect(fake.calls).toContain('Notification.show');
    expect(fake.Notification.shown.map((shown) => shown.options)).toEqual([{ title: notice.title, body: notice.body }]);
    expect(bringToFront).not.toHaveBeenCalled();
    fake.Notification.shown[0]!.emit('click');
    expect(bringToFront).toHaveBeenCalledTimes(1);
  });

  it('shows nothing where the system has no notifications', () => {
    const fake = createFakeElectron();
    fake.Notification.supported = false;
    createNotifier(fake.Notification, () => {})(notice);
    expect(fake.Notification.shown).toHaveLength(0);
    expect(fake.calls).not.toContain('Notification.show');
  });
});
