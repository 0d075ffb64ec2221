import { describe, expect, it, vi } from 'vitest';
import { claimSingleInstance } from '../../../../electron/desktop/single-instance.js';
import { createFakeElectron } from '../../../support/fake-electron/fake-electron.js';

describe('single instance', () => {
  it('asks for the lock and lets a second launch bring this one forward', () => {
    const { app, calls } = createFakeElectron({ singleInstanceLock: true });
    const onSecondInstance = vi.fn();
    expect(claimSingleInstance(app, onSecondInstance)).toBe(true);
    expect(calls).toContain('app.requestSingleInstanceLock');
    expect(app.quitCount).toBe(0);
    app.emit('second-instance', {}, ['draftdeck'], '/home/someone', {});
    expect(onSecondInstance).toHaveBeenCalledTimes(1);
  });

  it('quits when another instance holds the lock', () => {
    const { app } = createFakeElectron({ singleInstanceLock: false });
    const onSecondInstance = vi.fn();
    expect(claimSingleInstance(app, onSecondInstance)).toBe(false);
    expect(app.quitCount).toBe(1);
    expect(app.listenerCount('second-instance')).toBe(0);
  });
});
