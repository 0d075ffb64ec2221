/** electron/preload.ts itself, with vi.mock standing in for 'electron'. */
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_GLOBAL, IPC_CALL_CHANNEL } from '../../../electron/core/bridge.js';
import type { FakeElectron } from '../../support/fake-electron/fake-electron.js';

const fake = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('../../support/fake-electron/fake-electron.js');
  return createFakeElectron();
});
vi.mock('electron', () => fake as Partial<FakeElectron>);

describe('preload', () => {
  it('exposes one global, draftdeck, with invoke and on only', async () => {
    await import('../../../electron/preload.js');
    expect(fake.calls.filter((call) => call.startsWith('contextBridge'))).toEqual([`contextBridge.exposeInMainWorld(${BRIDGE_GLOBAL})`]);
    const exposed = fake.contextBridge.exposed[BRIDGE_GLOBAL] as Record<string, unknown>;
    expect(Object.keys(exposed).sort()).toEqual(['invoke', 'on']);
    expect(Object.values(exposed)).not.toContain(fake.ipcRenderer);
  });

  it('routes a page call through the contract check to the call channel', async () => {
    await import('../../../electron/preload.js');
    const exposed = fake.contextBridge.exposed[BRIDGE_GLOBAL] as { invoke(channel: string, input?: unknown): Promise<unknown> };
    await exposed.invoke('app.info');
    await exposed.invoke('not.a.channel');
    expect(fake.ipcRenderer.invocations).toEqual([{ channel: IPC_CALL_CHANNEL, args: ['app.info', undefined] }]);
  });
});
