import { describe, expect, it, vi } from 'vitest';
import { IPC_CALL_CHANNEL, IPC_EVENTS_CHANNEL } from '../../../../electron/core/bridge.js';
import { DEFAULT_SETTINGS, channelNames, eventNames } from '../../../../electron/core/contract/index.js';
import { createBridge } from '../../../../electron/transports/electron-bridge.js';
import { createFakeElectron, FakeIpcRenderer } from '../../../support/fake-electron/fake-electron.js';

function setUp() {
  const ipcRenderer = new FakeIpcRenderer();
  return { ipcRenderer, bridge: createBridge(ipcRenderer) };
}

function setUpWithFiles() {
  const { ipcRenderer, webUtils } = createFakeElectron();
  return { ipcRenderer, webUtils, bridge: createBridge(ipcRenderer, webUtils) };
}

const OPEN_ID = 'sbx-user-ava';
const fileEntry = (source: unknown, name = 'clip.mp4') => ({ source, name, mimeType: 'video/mp4', durationMs: 2000 });

describe('preload bridge', () => {
  it('has exactly invoke and on, and cannot be changed by the page', () => {
    const { bridge, ipcRenderer } = setUp();
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.values(bridge).every((value) => typeof value === 'function' && value !== ipcRenderer.invoke && value !== ipcRenderer.on)).toBe(true);
  });

  it('sends a contract call on the one call channel', async () => {
    const { bridge, ipcRenderer } = setUp();
    ipcRenderer.respond = () => ({ ok: true, value: DEFAULT_SETTINGS });
    expect(await bridge.invoke('settings.get')).toEqual({ ok: true, value: DEFAULT_SETTINGS });
    await bridge.invoke('settings.set', { uploads: { concurrency: 4 } });
    expect(ipcRenderer.invocations).toEqual([
      { channel: IPC_CALL_CHANNEL, args: ['settings.get', undefined] },
      { channel: IPC_CALL_CHANNEL, args: ['settings.set', { uploads: { concurrency: 4 } }] },
    ]);
  });

  it('refuses names outside the contract before sending anything', async () => {
    const { bridge, ipcRenderer } = setUp();
    for (const name of ['nope', 'electron-store-get-data', IPC_CALL_CHANNEL, '__proto__', 'constructor', 'toString', '']) {
      expect(await bridge.invoke(name), name).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
    expect(await bridge.invoke(42 as unknown as string)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(ipcRenderer.invocations).toEqual([]);
  });

  it('turns a failed IPC into a value', async () => {
    const { bridge, ipcRenderer } = setUp();
    ipcRenderer.respond = () => {
      throw new Error('An object could not be cloned.');
    };
    expect(await bridge.invoke(channelNames[0]!)).toEqual({ ok: false, error: { code: 'ipc_failed', message: 'An object could not be cloned.' } });
  });

  it('refuses to listen to events outside the contract', () => {
    const { bridge, ipcRenderer } = setUp();
    for (const name of ['nope', IPC_EVENTS_CHANNEL, '__proto__', 'hasOwnProperty']) expect(() => bridge.on(name, () => {}), name).toThrow(/No such event/);
    expect(() => bridge.on(eventNames[0]!, 'not a function' as never)).toThrow(TypeError);
    expect(ipcRenderer.listenerCount(IPC_EVENTS_CHANNEL)).toBe(0);
  });

  it('fans a batch out to listeners with the payload only, never the IPC event', () => {
    const { bridge, ipcRenderer } = setUp();
    const listener = vi.fn();
    bridge.on('settings.changed', listener);
    const payloads = [DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, uploads: { concurrency: 5 } }];
    ipcRenderer.receive(IPC_EVENTS_CHANNEL, [
      { name: 'settings.changed', payload: payloads[0] },
      { name: 'some.other', payload: 'ignored' },
      { name: 'settings.changed', payload: payloads[1] },
    ]);
    expect(listener.mock.calls).toEqual([[payloads[0]], [payloads[1]]]);
    for (const args of listener.mock.calls) for (const arg of args) expect(arg).not.toHaveProperty('sender');
  });

  it('listens on IPC once however many subscribers there are', () => {
    const { bridge, ipcRenderer } = setUp();
    bridge.on('settings.changed', () => {});
    bridge.on('settings.changed', () => {});
    expect(ipcRenderer.listenerCount(IPC_EVENTS_CHANNEL)).toBe(1);
  });

  it('stops delivering after unsubscribe', () => {
    const { bridge, ipcRenderer } = setUp();
    const listener = vi.fn();
    const off = bridge.on('settings.changed', listener);
    off();
    off();
    ipcRenderer.receive(IPC_EVENTS_CHANNEL, [{ name: 'settings.changed', payload: DEFAULT_SETTINGS }]);
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps delivering when one listener throws, and ignores malformed batches', async () => {
    const { bridge, ipcRenderer } = setUp();
    const reported: unknown[] = [];
    const onError = (error: unknown) => reported.push(error);
    process.on('uncaughtException', onError);
    try {
      const good = vi.fn();
      bridge.on('settings.changed', () => {
        throw new Error('listener bug');
      });
      bridge.on('settings.changed', good);
      ipcRenderer.receive(IPC_EVENTS_CHANNEL, 'not a batch');
      ipcRenderer.receive(IPC_EVENTS_CHANNEL, [null, 7, { name: 'settings.changed', payload: DEFAULT_SETTINGS }]);
      expect(good).toHaveBeenCalledTimes(1);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(reported).toEqual([new Error('listener bug')]);
    } finally {
      process.off('uncaughtException', onError);
    }
  });

  describe('drafts.add with dropped files (Electron 32+: File.path is gone)', () => {
    it('turns each {kind:"file", file} source into the contract\'s {kind:"path"} before sending', async () => {
      const { bridge, ipcRenderer, webUtils } = setUpWithFiles();
      const first = webUtils.onDisk(new File(['a'], 'clip.mp4', { type: 'video/mp4' }), '/home/ava/Videos/clip.mp4');
      const second = webUtils.onDisk(new File(['b'], 'take 2.webm', { type: 'video/webm' }), '/home/ava/Videos/take 2.webm');
      const input = { openId: OPEN_ID, files: [fileEntry({ kind: 'file', file: first }), fileEntry({ kind: 'file', file: second }, 'take 2.webm')] };
      await bridge.invoke('drafts.add', input);
      expect(ipcRenderer.invocations).toEqual([
        {
          channel: IPC_CALL_CHANNEL,
          args: ['drafts.add', { openId: OPEN_ID, files: [fileEntry({ kind: 'path', path: '/home/ava/Videos/clip.mp4' }), fileEntry({ kind: 'path', path: '/home/ava/Videos/take 2.webm' }, 'take 2.webm')] }],
        },
      ]);
      // The page's object is left as it was: the path never reaches the page.
      expect(input.files[0]!.source).toEqual({ kind: 'file', file: first });
    });

    it('passes incoming file ids unchanged, and leaves other channels alone', async () => {
      const { bridge, ipcRenderer, webUtils } = setUpWithFiles();
      const onDisk = webUtils.onDisk(new File(['a'], 'a.mp4'), '/videos/a.mp4');
      const mixed = { openId: OPEN_ID, files: [fileEntry({ kind: 'incoming', fileId: 'abcdefghijklmnopqrstuv' }), fileEntry({ kind: 'file', file: onDisk })] };
      await bridge.invoke('drafts.add', mixed);
      await bridge.invoke('drafts.pause', { id: 'x', file: onDisk });
      expect(ipcRenderer.invocations.map((call) => call.args)).toEqual([
        ['drafts.add', { openId: OPEN_ID, files: [fileEntry({ kind: 'incoming', fileId: 'abcdefghijklmnopqrstuv' }), fileEntry({ kind: 'path', path: '/videos/a.mp4' })] }],
        ['drafts.pause', { id: 'x', file: onDisk }],
      ]);
      expect(webUtils.paths.get(onDisk)).toBe('/videos/a.mp4');
    });

    it('refuses a path named by the page (only dropped or chosen Files become paths) and sends nothing', async () => {
      const { bridge, ipcRenderer, webUtils } = setUpWithFiles();
      const onDisk = webUtils.onDisk(new File(['a'], 'a.mp4'), '/videos/a.mp4');
      const attempts = [
        [fileEntry({ kind: 'path', path: '/etc/passwd' })],
        [fileEntry({ kind: 'file', file: onDisk }), fileEntry({ kind: 'path', path: '/home/ava/.ssh/id_ed25519' })],
        [fileEntry({ kind: 'path', path: '/videos/a.mp4' })],
        [fileEntry({ kind: 'Path', path: '/etc/passwd' })],
        [fileEntry({ path: '/etc/passwd' })],
      ];
      for (const files of attempts) {
        expect(await bridge.invoke('drafts.add', { openId: OPEN_ID, files }), JSON.stringify(files)).toEqual({ ok: false, error: { code: 'invalid_input', message: expect.any(String) } });
      }
      // Without webUtils too: the refusal does not depend on being able to read paths.
      const bare = setUp();
      expect(await bare.bridge.invoke('drafts.add', { openId: OPEN_ID, files: [fileEntry({ kind: 'path', path: '/etc/passwd' })] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(ipcRenderer.invocations).toEqual([]);
      expect(bare.ipcRenderer.invocations).toEqual([]);
    });

    it('sends only the checked fields of an incoming source', async () => {
      const { bridge, ipcRenderer } = setUpWithFiles();
      await bridge.invoke('drafts.add', { openId: OPEN_ID, files: [fileEntry({ kind: 'incoming', fileId: 'abcdefghijklmnopqrstuv', path: '/etc/passwd' })] });
      expect(ipcRenderer.invocations.map((call) => call.args[1])).toEqual([{ openId: OPEN_ID, files: [fileEntry({ kind: 'incoming', fileId: 'abcdefghijklmnopqrstuv' })] }]);
    });

    it('refuses a File that is not on disk (built in the page) and sends nothing', async () => {
      const { bridge, ipcRenderer, webUtils } = setUpWithFiles();
      const onDisk = webUtils.onDisk(new File(['a'], 'real.mp4'), '/videos/real.mp4');
      const made = new File(['not on disk'], 'made-up.mp4', { type: 'video/mp4' });
      const result = await bridge.invoke('drafts.add', { openId: OPEN_ID, files: [fileEntry({ kind: 'file', file: onDisk }), fileEntry({ kind: 'file', file: made }, 'made-up.mp4')] });
      expect(result).toEqual({ ok: false, error: { code: 'file_not_on_disk', message: expect.stringContaining('made-up.mp4') } });
      expect(ipcRenderer.invocations).toEqual([]);
    });

    it('refuses something that is not a File, and a bridge without webUtils', async () => {
      const { bridge, ipcRenderer } = setUpWithFiles();
      expect(await bridge.invoke('drafts.add', { openId: OPEN_ID, files: [fileEntry({ kind: 'file', file: { path: '/etc/passwd' } })] })).toMatchObject({ ok: false, error: { code: 'file_not_on_disk' } });
      const bare = setUp();
      expect(await bare.bridge.invoke('drafts.add', { openId: OPEN_ID, files: [fileEntry({ kind: 'file', file: new File(['a'], 'a.mp4') })] })).toMatchObject({ ok: false, error: { code: 'file_path_unavailable' } });
      expect(ipcRenderer.invocations).toEqual([]);
      expect(bare.ipcRenderer.invocations).toEqual([]);
    });

    it('lets malformed drafts.add input through for the main process to refuse', async () => {
      const { bridge, ipcRenderer } = setUpWithFiles();
      for (const input of [undefined, null, 'x', { openId: OPEN_ID }, { openId: OPEN_ID, files: 'nope' }, { openId: OPEN_ID, files: [null, 3] }]) await bridge.invoke('drafts.add', input);
      expect(ipcRenderer.invocations.map((call) => call.args[1])).toEqual([undefined, null, 'x', { openId: OPEN_ID }, { openId: OPEN_ID, files: 'nope' }, { openId: OPEN_ID, files: [null, 3] }]);
    });
  });
});
