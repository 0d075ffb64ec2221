/** Draftdeck's application menu (electron/desktop/app-menu.ts): Help → documentation, logs folder, About; no Electron links. */
import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { appMenuTemplate, DOCS_URL } from '../../../../electron/desktop/app-menu.js';
import type { MainLocale } from '../../../../electron/services/main-words.js';
import { memoryLogger } from '../../../support/silent-log.js';

function menu(platform: NodeJS.Platform, devTools = false, openLogsFolder = async () => {}, locale?: MainLocale) {
  const actions = { openExternal: vi.fn(async () => true), openLogsFolder: vi.fn(openLogsFolder), showAbout: vi.fn() };
  const { log, lines } = memoryLogger();
  return { template: appMenuTemplate({ platform, devTools, actions, log, locale }), actions, lines };
}
const help = (template: MenuItemConstructorOptions[]) => template.find((item) => item.role === 'help')!.submenu as MenuItemConstructorOptions[];
const click = (item: MenuItemConstructorOptions | undefined) => (item!.click as () => void)();
const everyUrl = (template: MenuItemConstructorOptions[]) => JSON.stringify(template).match(/https?:\/\/[^"]+/g) ?? [];

describe('the application menu', () => {
  it("Help opens Draftdeck's documentation, the logs folder and About", async () => {
    const { template, actions } = menu('win32');
    const items = help(template);
    expect(items.filter((item) => item.label).map((item) => item.label)).toEqual(['Draftdeck Documentation', 'Open Logs Folder', 'About Draftdeck']);
    click(items[0]);
    click(items[1]);
    click(items.find((item) => item.label === 'About Draftdeck'));
    expect(actions.openExternal).toHaveBeenCalledWith(DOCS_URL);
    expect(actions.openLogsFolder).toHaveBeenCalledTimes(1);
    expect(actions.showAbout).toHaveBeenCalledTimes(1);
    expect(everyUrl(template)).toEqual([]);
  });

  it('keeps macOS conventions: the app menu first, About in it', () => {
    const { template } = menu('darwin');
    expect(template[0]!.role).toBe('appMenu');
    expect(help(template).map((item) => item.label)).toEqual(['Draftdeck Documentation', 'Open Logs Folder']);
  });

  it('offers DevTools only where the app is not packaged', () => {
    const roles = (devTools: boolean) => JSON.stringify(menu('linux', devTools).template);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(true)).toContain('toggleDevTools');
  });

  it('logs a logs folder that cannot be opened instead of failing silently', async () => {
    const { template, lines } = menu('linux', false, async () => {
      throw new Error('no file manager');
    });
    click(help(template)[1]);
    await vi.waitFor(() => expect(lines.join('')).toContain('the menu could not open the logs folder'));
  });

  it('says its own items in the window’s language', () => {
    const { template } = menu('win32', false, undefined, 'ja');
    expect(template.find((item) => item.label !== undefined)!.label).toBe('表示');
    expect(help(template).filter((item) => item.label).map((item) => item.label)).toEqual(['Draftdeck のドキュメント', 'ログフォルダを開く', 'Draftdeck について']);
  });
});
