import { describe, expect, it } from 'vitest';
import { APP_START_URL } from '../../../../electron/transports/app-origin.js';
import { guardWebContents } from '../../../../electron/desktop/web-contents-policy.js';
import { bringToFront, createMainWindow, hangDialog } from '../../../../electron/desktop/window.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { createFakeElectron, FakeSession, FakeWebContents } from '../../../support/fake-electron/fake-electron.js';

function openMainWindow(devTools = false) {
  const electron = createFakeElectron();
  const { log, lines } = memoryLogger();
  const window = createMainWindow(electron, { preloadPath: '/app/dist-electron/preload.cjs', devTools, openExternal: (url) => electron.shell.openExternal(url), log });
  return { electron, window, lines };
}

describe('main window', () => {
  it('isolates the page from Node and from the preload', () => {
    const { window } = openMainWindow();
    const prefs = window.options.webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
  });

  it('loads the renderer from the app protocol, not file://', () => {
    const { window } = openMainWindow();
    expect(window.loadedUrls).toEqual([APP_START_URL]);
    expect(new URL(APP_START_URL).protocol).toBe('app:');
    expect(window.loadedUrls.some((url) => url.startsWith('file:'))).toBe(false);
  });

  it('shows the window only once it has painted', () => {
    const { window } = openMainWindow();
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('offers DevTools only when asked (unpackaged builds)', () => {
    expect(openMainWindow(true).window.options.webPreferences?.devTools).toBe(true);
  });
});

describe('window.open', () => {
  it('is denied for every URL', () => {
    const { window } = openMainWindow();
    for (const url of ['https://example.com/', 'app://draftdeck/other', 'about:blank', 'javascript:alert(1)']) {
      expect(window.webContents.openWindow(url)).toBe('deny');
    }
  });

  it('hands an https link to the system browser', async () => {
    const { electron, window } = openMainWindow();
    window.webContents.openWindow('https://example.com/help?x=1');
    await Promise.resolve();
    expect(electron.shell.opened).toEqual(['https://example.com/help?x=1']);
  });

  it('opens nothing that fails the URL check', async () => {
    const { electron, window, lines } = openMainWindow();
    const refused = [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://example.com/',
      'http://127.0.0.1:8080/', // a page has no business sending the user to loopback
      'data:text/html,<script>alert(1)</script>',
      'smb://attacker/share',
      'ms-msdt:/id PCWDiagnostic',
      'https://user:pass@example.com/',
      'not a url',
    ];
    for (const url of refused) window.webContents.openWindow(url);
    await Promise.resolve();
    expect(electron.shell.opened).toEqual([]);
    expect(lines.filter((line) => line.includes('refused a window.open'))).toHaveLength(refused.length);
    // The log names the scheme only: a URL's query can carry a code or a token.
    expect(lines.join('')).not.toContain('passwd');
  });
});

describe('navigation', () => {
  it('stays on the app origin', () => {
    const { window } = openMainWindow();
    const contents = window.webContents;
    expect(contents.navigate('app://draftdeck/settings')).toBe(false);
    for (const url of ['https://example.com/', 'http://127.0.0.1:3000/', 'file:///etc/passwd', 'app://other/', 'app://draftdeck:8080/', 'javascript:alert(1)', 'about:blank']) {
      expect(contents.navigate(url), url).toBe(true);
    }
  });

  it('refuses redirects, subframe navigations and webviews', () => {
    const { window } = openMainWindow();
    const contents = window.webContents;
    expect(contents.redirect('https://example.com/')).toBe(true);
    expect(contents.redirect('app://draftdeck/index.html')).toBe(false);
    expect(contents.navigateSubframe('https://example.com/')).toBe(true);
    expect(contents.attachWebview()).toBe(true);
  });

  it('guards a webContents once however often it is asked', () => {
    const contents = new FakeWebContents(new FakeSession());
    const { log } = memoryLogger();
    const options = { openExternal: async () => {}, log };
    guardWebContents(contents, options);
    guardWebContents(contents, options);
    expect(contents.listenerCount('will-navigate')).toBe(1);
    expect(contents.listenerCount('will-frame-navigate')).toBe(1);
  });
});

describe('bringToFront', () => {
  it('restores, shows and focuses the window', () => {
    const { window } = openMainWindow();
    window.minimize();
    bringToFront(window);
    expect(window).toMatchObject({ minimized: false, shown: true, focused: true });
  });

  it('does nothing without a live window', () => {
    const { window } = openMainWindow();
    window.close();
    expect(() => bringToFront(window)).not.toThrow();
    expect(window.focused).toBe(false);
    expect(() => bringToFront(null)).not.toThrow();
  });
});

describe('the hung-page dialog', () => {
  it("speaks the window's language, Wait first and the default", () => {
    expect(hangDialog('en')).toMatchObject({ title: 'Draftdeck is not responding', buttons: ['Wait', 'Reload'], defaultId: 0, cancelId: 0 });
    expect(hangDialog('ar')).toMatchObject({ title: 'Draftdeck لا يستجيب', buttons: ['انتظار', 'إعادة التحميل'] });
    expect(hangDialog('pt-BR').detail).toContain('Recarregar a janela não para os envios');
  });
});
