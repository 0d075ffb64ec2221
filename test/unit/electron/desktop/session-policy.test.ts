import { describe, expect, it } from 'vitest';
import { guardSession } from '../../../../electron/desktop/session-policy.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { FakeEvent, FakeSession } from '../../../support/fake-electron/fake-electron.js';

describe('session policy', () => {
  it('denies every permission request (Electron grants them by default)', async () => {
    const session = new FakeSession();
    expect(await session.requestPermission('media')).toBe(true); // the default this guards against
    guardSession(session, memoryLogger().log);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'hid', 'serial', 'unknown']) {
      expect(await session.requestPermission(permission), permission).toBe(false);
    }
  });

  it('answers no to permission checks and device access', () => {
    const session = new FakeSession();
    guardSession(session, memoryLogger().log);
    expect(session.permissionCheckHandler?.({}, 'clipboard-read')).toBe(false);
    expect(session.permissionCheckHandler?.({}, 'media')).toBe(false);
    expect(session.devicePermissionHandler?.()).toBe(false);
  });

  it('refuses downloads started by a page', () => {
    const session = new FakeSession();
    guardSession(session, memoryLogger().log);
    const event = new FakeEvent();
    session.emit('will-download', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });
});
