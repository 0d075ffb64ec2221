/** Electron's system notifications for batch notices, against the fake electron module. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it, vi } from 'vitest';
import { APP_USER_MODEL_ID, createNotifier } from '../../../../electron/desktop/notifications.js';
import { createFakeElectron } from '../../../support/fake-electron/fake-electron.js';
import { words } from '../../../../electron/core/contract/index.js';
import { sayNotice } from '../../../../electron/services/main-words.js';

const notice = { batchId: 'b1', title: words('batch.arrived_many', { count: 3 }), body: [words('batch.in_inbox', { count: 3 }), words('batch.finish_in_app')], draftIds: ['d1', 'd2', 'd3'] };
/** The notice in the window's language, as app.ts hands it over (services/main-words.ts). */
const text = sayNotice(notice, 'ja');

describe('Electron notifications', () => {
  it('shows a notice as a system notification, and a click opens the batch', () => {
    const fake = createFakeElectron();
    const opened = vi.fn();
    createNotifier(fake.Notification, opened)(notice, text);
    expect(fake.calls).toContain('Notification.show');
    expect(fake.Notification.shown.map((shown) => shown.options)).toEqual([{ title: '3 件の下書きが受信箱に届きました', body: '受信箱に 3 件。プラットフォームのアプリで投稿を仕上げてください。' }]);
    expect(opened).not.toHaveBeenCalled();
    fake.Notification.shown[0]!.emit('click');
    expect(opened).toHaveBeenCalledWith(notice);
  });

  it('keeps each notification until it is clicked or closed, so its click handler lives as long', () => {
    const fake = createFakeElectron();
    const notify = createNotifier(fake.Notification, () => {});
    notify(notice, text);
    notify({ ...notice, batchId: 'b2' }, text);
    expect(notify.showing()).toBe(2);
    fake.Notification.shown.at(-2)!.emit('click');
    fake.Notification.shown.at(-1)!.emit('close');
    expect(notify.showing()).toBe(0);
  });

  it('shows nothing where the system has no notifications', () => {
    const fake = createFakeElectron();
    fake.Notification.supported = false;
    createNotifier(fake.Notification, () => {})(notice, text);
    expect(fake.calls).not.toContain('Notification.show');
  });

  it("names the app on Windows as the installer's shortcut does (electron-builder.yml appId)", () => {
    const config = load(readFileSync(join(import.meta.dirname, '../../../../electron-builder.yml'), 'utf8')) as { appId: string };
    expect(APP_USER_MODEL_ID).toBe(config.appId);
  });
});
