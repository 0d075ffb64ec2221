import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type EventMessage } from '../../../../electron/core/contract/index.js';
import { IPC_CALL_CHANNEL, IPC_EVENTS_CHANNEL } from '../../../../electron/core/bridge.js';
import type { Dispatch } from '../../../../electron/core/dispatcher.js';
import { EventHub } from '../../../../electron/transports/event-hub.js';
import { createElectronTransport } from '../../../../electron/transports/electron-ipc.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { createFakeElectron, FakeFrame, FakeSession, FakeWebContents, type FakeBrowserWindow } from '../../../support/fake-electron/fake-electron.js';

function setUp() {
  const electron = createFakeElectron();
  const hub = new EventHub();
  const dispatch = vi.fn<Dispatch>(async (channel) => ({ ok: true, value: `answer to ${String(channel)}` }));
  const { log, lines } = memoryLogger();
  const transport = createElectronTransport({ ipcMain: electron.ipcMain, dispatch, hub, log });
  const window: FakeBrowserWindow = new electron.BrowserWindow({});
  void window.loadURL('app://draftdeck/');
  transport.attach(window);
  const call = (event: { sender: FakeWebContents; senderFrame: FakeFrame | null }, channel = 'app.info', input?: unknown) =>
    electron.ipcMain.invoke(IPC_CALL_CHANNEL, event, channel, input);
  const fromTopFrame = () => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame });
  return { electron, hub, dispatch, transport, window, call, fromTopFrame, lines };
}

const forbidden = { ok: false, error: { code: 'forbidden', message: expect.any(String) } };

describe('Electron transport: calls', () => {
  it('dispatches a call from the top frame of its window on the app origin', async () => {
    const { call, fromTopFrame, dispatch } = setUp();
    expect(await call(fromTopFrame(), 'settings.set', { uploads: { concurrency: 3 } })).toEqual({ ok: true, value: 'answer to settings.set' });
    expect(dispatch).toHaveBeenCalledWith('settings.set', { uploads: { concurrency: 3 } });
  });

  it.each([
    ['https://evil.example/'],
    ['file:///home/user/page.html'],
    ['app://other/'],
    ['app://draftdeck:8080/'],
    ['http://127.0.0.1:5173/'],
    ['about:blank'],
    [''],
  ])('refuses a top frame showing %j', async (url) => {
    const { call, window, dispatch } = setUp();
    window.webContents.mainFrame.url = url;
    expect(await call({ sender: window.webContents, senderFrame: window.webContents.mainFrame })).toEqual(forbidden);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses a subframe, even one on the app origin', async () => {
    const { call, window, dispatch } = setUp();
    const subframe = new FakeFrame('app://draftdeck/frame.html', window.webContents.mainFrame);
    expect(await call({ sender: window.webContents, senderFrame: subframe })).toEqual(forbidden);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses a frame that is gone', async () => {
    const { call, window } = setUp();
    expect(await call({ sender: window.webContents, senderFrame: null })).toEqual(forbidden);
  });

  it('refuses a webContents the app did not attach, even on the app origin', async () => {
    const { call, dispatch } = setUp();
    const stranger = new FakeWebContents(new FakeSession());
    stranger.mainFrame.url = 'app://draftdeck/';
    expect(await call({ sender: stranger, senderFrame: stranger.mainFrame })).toEqual(forbidden);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('stops answering a window once it is closed', async () => {
    const { call, window, fromTopFrame } = setUp();
    const event = fromTopFrame();
    window.close();
    expect(await call(event)).toEqual(forbidden);
  });

  it('logs the reason for a refusal without the URL', async () => {
    const { call, window, lines } = setUp();
    window.webContents.mainFrame.url = 'https://evil.example/?code=abc';
    await call({ sender: window.webContents, senderFrame: window.webContents.mainFrame });
    expect(lines.join('')).toContain('not the app origin');
    expect(lines.join('')).not.toContain('evil.example');
  });

  it('answers with a value even if dispatch throws', async () => {
    const { call, fromTopFrame, dispatch } = setUp();
    dispatch.mockRejectedValueOnce(new Error('boom'));
    expect(await call(fromTopFrame())).toEqual({ ok: false, error: { code: 'internal', message: 'Internal error' } });
  });

  it('removes its handler on dispose', () => {
    const { electron, transport } = setUp();
    expect(electron.ipcMain.handlers.has(IPC_CALL_CHANNEL)).toBe(true);
    transport.dispose();
    expect(electron.ipcMain.handlers.has(IPC_CALL_CHANNEL)).toBe(false);
  });
});

describe('Electron transport: events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const eventSends = (window: FakeBrowserWindow) => window.webContents.sent.filter((message) => message.channel === IPC_EVENTS_CHANNEL);

  it('sends a window at most 10 messages a second whatever the load', () => {
    const { hub, window } = setUp();
    for (let ms = 0; ms < 1000; ms++) {
      hub.emit('settings.changed', DEFAULT_SETTINGS);
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(200);
    const sends = eventSends(window);
    // No 1-second window holds more than 10 sends: any 11 consecutive ones span at least 1000 ms.
    for (let i = 0; i + 10 < sends.length; i++) expect(sends[i + 10]!.at - sends[i]!.at).toBeGreaterThanOrEqual(1000);
    expect(sends.length).toBeLessThanOrEqual(11);
    expect(sends.length).toBeGreaterThanOrEqual(9);
    // Batched, not dropped: every event arrives, as one array argument per message.
    expect(sends.flatMap((message) => message.args[0] as EventMessage[])).toHaveLength(1000);
    expect(sends.every((message) => message.args.length === 1 && Array.isArray(message.args[0]))).toBe(true);
  });

  it('gives each window its own batches and stops when a window closes', () => {
    const { electron, hub, transport, window } = setUp();
    const second: FakeBrowserWindow = new electron.BrowserWindow({});
    void second.loadURL('app://draftdeck/');
    transport.attach(second);
    hub.emit('settings.changed', DEFAULT_SETTINGS);
    vi.advanceTimersByTime(100);
    expect(eventSends(window)).toHaveLength(1);
    expect(eventSends(second)).toHaveLength(1);

    expect(hub.subscriberCount).toBe(2);
    second.close();
    expect(hub.subscriberCount).toBe(1);
    hub.emit('settings.changed', DEFAULT_SETTINGS);
    vi.advanceTimersByTime(100);
    expect(eventSends(window)).toHaveLength(2);
    expect(eventSends(second)).toHaveLength(1);
  });

  it('sends nothing to a page that is not the app', () => {
    const { hub, window } = setUp();
    window.webContents.mainFrame.url = 'https://evil.example/';
    hub.emit('settings.changed', DEFAULT_SETTINGS);
    vi.advanceTimersByTime(100);
    expect(eventSends(window)).toHaveLength(0);
  });

  it('attaching the same window twice subscribes it once', () => {
    const { hub, transport, window } = setUp();
    transport.attach(window);
    expect(hub.subscriberCount).toBe(1);
  });
});
