/**
 * No blank window: the main window shows itself when 'ready-to-show' never comes, and a failed load
 * or a crashed renderer is logged, reloaded once, then replaced by an error page with a Reload link.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_START_URL } from '../../../../electron/transports/app-origin.js';
import { createMainWindow, HEALTHY_MS, SHOW_FALLBACK_MS } from '../../../../electron/desktop/window.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { createFakeElectron } from '../../../support/fake-electron/fake-electron.js';

function openMainWindow(hangAnswers: ('wait' | 'reload')[] = []) {
  const electron = createFakeElectron();
  const { log, lines } = memoryLogger();
  const shown: number[] = [];
  const asked: unknown[] = [];
  const askAboutHang = async (window: unknown) => {
    asked.push(window);
    return hangAnswers.shift() ?? 'wait';
  };
  const window = createMainWindow(electron, { preloadPath: '/app/dist-electron/preload.cjs', devTools: false, openExternal: async () => {}, log, onShown: () => shown.push(Date.now()), askAboutHang });
  return { window, lines, shown, asked };
}

const errorPage = (url: string | undefined) => (url?.startsWith('data:text/html') ? decodeURIComponent(url.slice(url.indexOf(',') + 1)) : null);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('showing the window', () => {
  it('shows it when painted, once, and tells the caller', () => {
    const { window, shown } = openMainWindow();
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
    vi.advanceTimersByTime(SHOW_FALLBACK_MS * 2);
    expect(shown).toHaveLength(1);
  });

  it('shows it after the fallback delay when ready-to-show never comes', () => {
    const { window, shown } = openMainWindow();
    vi.advanceTimersByTime(SHOW_FALLBACK_MS - 1);
    expect(window.shown).toBe(false);
    vi.advanceTimersByTime(1);
    expect(window.shown).toBe(true);
    expect(shown).toHaveLength(1);
  });

  it('does not touch a window closed before the delay', () => {
    const { window, shown } = openMainWindow();
    window.close();
    vi.advanceTimersByTime(SHOW_FALLBACK_MS);
    expect(window.shown).toBe(false);
    expect(shown).toEqual([]);
  });
});

describe('a load that fails', () => {
  it('shows the window, logs the reason and reloads once', () => {
    const { window, lines } = openMainWindow();
    window.webContents.failLoad(APP_START_URL, -6, 'ERR_FILE_NOT_FOUND');
    expect(window.shown).toBe(true);
    expect(window.loadedUrls).toEqual([APP_START_URL, APP_START_URL]);
    expect(lines.join('')).toContain('ERR_FILE_NOT_FOUND (-6)');
  });

  it('shows the error page with a Reload link when the reload fails too', () => {
    const { window, lines } = openMainWindow();
    window.webContents.failLoad(APP_START_URL);
    window.webContents.failLoad(APP_START_URL, -102, 'ERR_CONNECTION_REFUSED');
    expect(window.loadedUrls).toHaveLength(3);
    const page = errorPage(window.loadedUrls[2]);
    expect(page).toContain('ERR_CONNECTION_REFUSED (-102)');
    expect(page).toContain(`<a href="${APP_START_URL}">Reload</a>`);
    expect(page).not.toContain('<script');
    expect(lines.filter((line) => line.includes('showing the error page'))).toHaveLength(1);
    // The Reload link is a navigation the guard lets through.
    expect(window.webContents.navigate(APP_START_URL)).toBe(false);
  });

  it('escapes the reason on the error page', () => {
    const { window } = openMainWindow();
    window.webContents.failLoad(APP_START_URL);
    window.webContents.failLoad(APP_START_URL, -2, '<img src=x onerror=alert(1)>');
    expect(errorPage(window.loadedUrls[2])).not.toContain('<img');
  });

  it('ignores superseded loads, subframes and the error page itself', () => {
    const { window } = openMainWindow();
    window.webContents.failLoad(APP_START_URL, -3, 'ERR_ABORTED');
    window.webContents.failLoad(`${APP_START_URL}frame`, -6, 'ERR_FILE_NOT_FOUND', false);
    window.webContents.failLoad('data:text/html,x', -2, 'ERR_FAILED');
    expect(window.loadedUrls).toEqual([APP_START_URL]);
    expect(window.shown).toBe(false);
  });

  it('earns its next automatic reload only once the person reloads from the error page', () => {
    const { window } = openMainWindow();
    window.webContents.failLoad(APP_START_URL);
    window.webContents.finishLoad(); // the automatic reload worked...
    window.webContents.crash(); // ...and the page crashed right after: no second automatic reload
    expect(errorPage(window.loadedUrls.at(-1))).toContain('crashed');
    window.loadURL(APP_START_URL); // the Reload link
    window.webContents.finishLoad();
    window.webContents.crash();
    expect(window.loadedUrls.at(-1)).toBe(APP_START_URL);
  });
});

describe('a renderer that crashes', () => {
  it('is logged with its reason and reloaded once, then gets the error page', () => {
    const { window, lines } = openMainWindow();
    window.webContents.crash('oom', 133);
    expect(window.shown).toBe(true);
    expect(window.loadedUrls).toEqual([APP_START_URL, APP_START_URL]);
    expect(lines.join('')).toContain('oom (exit code 133)');
    window.webContents.crash('crashed', 11);
    expect(errorPage(window.loadedUrls[2])).toContain('crashed (exit code 11)');
  });

  it('is left alone when it exits cleanly', () => {
    const { window } = openMainWindow();
    window.webContents.crash('clean-exit', 0);
    expect(window.loadedUrls).toEqual([APP_START_URL]);
  });
});

describe('a page that keeps running after a crash', () => {
  it('earns a new automatic reload after a healthy minute', () => {
    const { window, lines } = openMainWindow();
    window.webContents.finishLoad();
    window.webContents.crash('oom', 133);
    window.webContents.finishLoad(); // the automatic reload worked
    vi.advanceTimersByTime(HEALTHY_MS);
    window.webContents.crash('oom', 133); // an hour later, say: a new failure, reloaded again
    expect(window.loadedUrls).toEqual([APP_START_URL, APP_START_URL, APP_START_URL]);
    expect(lines.filter((line) => line.includes('showing the error page'))).toEqual([]);
  });

  it('does not earn it before the minute is up', () => {
    const { window } = openMainWindow();
    window.webContents.crash();
    window.webContents.finishLoad();
    vi.advanceTimersByTime(HEALTHY_MS - 1);
    window.webContents.crash();
    expect(errorPage(window.loadedUrls.at(-1))).toContain('crashed');
  });
});

describe('a page that stops responding', () => {
  it('asks the person, and waiting leaves the page alone', async () => {
    const { window, asked, lines } = openMainWindow(['wait']);
    window.hang();
    window.hang(); // Electron repeats it while the page stays hung: one question at a time
    await vi.waitFor(() => expect(lines.join('')).toContain('"choice":"wait"'));
    expect(asked).toEqual([window]);
    expect(window.webContents.crashedOnPurpose).toBe(0);
    expect(window.loadedUrls).toEqual([APP_START_URL]);
  });

  it('reloads it when the person chooses Reload, without spending the automatic reload', async () => {
    const { window } = openMainWindow(['reload']);
    window.webContents.finishLoad();
    window.hang();
    await vi.waitFor(() => expect(window.webContents.crashedOnPurpose).toBe(1));
    expect(window.loadedUrls).toEqual([APP_START_URL, APP_START_URL]);
    window.webContents.finishLoad();
    window.webContents.crash('oom', 133); // a real crash afterwards still gets its one automatic reload
    expect(window.loadedUrls).toEqual([APP_START_URL, APP_START_URL, APP_START_URL]);
  });
});
