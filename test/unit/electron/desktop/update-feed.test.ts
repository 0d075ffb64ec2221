/**
 * Where the installed app's updates come from, as the build and the machine say
 * (electron/desktop/update-feed.ts): the feed and publisher electron-builder wrote into
 * app-update.yml, an administrator's policy file, the refusal of unsigned Windows builds, and the
 * native dialog that alone confirms another feed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmFeedInDialog, parseAppUpdateYml, policyFilePath, readBuildFeed, readPolicyFeed, updateRefusal } from '../../../../electron/desktop/update-feed.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { createFakeElectron } from '../../../support/fake-electron/fake-electron.js';

const root = mkdtempSync(join(tmpdir(), 'draftdeck-update-feed-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the build's feed (app-update.yml)", () => {
  it('reads the generic URL and the publisher names, in either form electron-builder writes them', () => {
    expect(parseAppUpdateYml('provider: generic\nurl: https://updates.draftdeck.app/\nupdaterCacheDirName: draftdeck-updater\n')).toEqual({ url: 'https://updates.draftdeck.app/', publisherNames: [] });
    expect(parseAppUpdateYml("publisherName:\n  - 'Draftdeck Ltd'\n  - Draftdeck Inc\nprovider: generic\nurl: 'https://updates.draftdeck.app/'\n")).toEqual({ url: 'https://updates.draftdeck.app/', publisherNames: ['Draftdeck Ltd', 'Draftdeck Inc'] });
    expect(parseAppUpdateYml('provider: generic\r\nurl: https://u.example.com/\r\npublisherName: Draftdeck Ltd\r\n').publisherNames).toEqual(['Draftdeck Ltd']);
  });

  it('has no feed for another provider, plain http off loopback, or a missing file', () => {
    expect(parseAppUpdateYml('provider: github\nowner: x\nrepo: y\n').url).toBeNull();
    expect(parseAppUpdateYml('provider: generic\nurl: http://updates.example.com/\n').url).toBeNull();
    expect(readBuildFeed(join(root, 'nowhere'), memoryLogger().log)).toEqual({ url: null, publisherNames: [] });
  });
});

describe("an administrator's policy file", () => {
  it('lives where only administrators write', () => {
    expect(policyFilePath('linux', {})).toBe('/etc/draftdeck/policy.json');
    expect(policyFilePath('darwin', {})).toBe('/Library/Application Support/Draftdeck/policy.json');
    expect(policyFilePath('win32', { ProgramData: 'D:\\ProgramData' })).toBe(join('D:\\ProgramData', 'Draftdeck', 'policy.json'));
  });

  it('sets the feed; a file that does not parse is logged and ignored', () => {
    const file = join(root, 'policy.json');
    expect(readPolicyFeed(file, memoryLogger().log)).toBeNull();
    writeFileSync(file, JSON.stringify({ updates: { feedUrl: 'https://it.example.com/draftdeck/' } }));
    expect(readPolicyFeed(file, memoryLogger().log)).toBe('https://it.example.com/draftdeck/');
    writeFileSync(file, JSON.stringify({ other: true }));
    expect(readPolicyFeed(file, memoryLogger().log)).toBeNull();
    for (const bad of ['{', JSON.stringify({ updates: { feedUrl: 'http://it.example.com/' } }), JSON.stringify([1])]) {
      writeFileSync(file, bad);
      const { log, lines } = memoryLogger();
      expect(readPolicyFeed(file, log)).toBeNull();
      expect(lines.join('')).toContain('the policy file does not parse');
    }
  });
});

describe('unsigned builds', () => {
  it('are refused on Windows, where electron-updater would skip the signature check without a publisher', () => {
    expect(updateRefusal('win32', { url: 'https://u.example.com/', publisherNames: [] })).toMatch(/not signed/);
    expect(updateRefusal('win32', { url: 'https://u.example.com/', publisherNames: ['Draftdeck Ltd'] })).toBeNull();
    expect(updateRefusal('linux', { url: 'https://u.example.com/', publisherNames: [] })).toBeNull();
  });
});

describe('the native dialog for another feed', () => {
  it('names the address, defaults to Cancel, and answers yes only for the second button', async () => {
    const { dialog } = createFakeElectron();
    expect(await confirmFeedInDialog(dialog, 'https://mirror.example.org/')).toBe(false);
    expect(dialog.messageBoxes[0]!.options).toMatchObject({ buttons: ['Cancel', 'Use this address'], defaultId: 0, cancelId: 0 });
    expect(dialog.messageBoxes[0]!.options.detail).toContain('https://mirror.example.org/');
    dialog.nextResponse = 1;
    expect(await confirmFeedInDialog(dialog, 'https://mirror.example.org/')).toBe(true);
  });

  it("speaks the window's language (the same catalogs as the window, main.dialog.feed.*)", async () => {
    const { dialog } = createFakeElectron();
    await confirmFeedInDialog(dialog, 'https://mirror.example.org/', 'ja');
    expect(dialog.messageBoxes[0]!.options).toMatchObject({ title: 'アップデートの配信元を変更', buttons: ['キャンセル', 'このアドレスを使う'], defaultId: 0 });
    expect(dialog.messageBoxes[0]!.options.detail).toContain('https://mirror.example.org/');
  });
});
