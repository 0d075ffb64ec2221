/**
 * electron-updater's own check and download, behind the app's adapter (electron/desktop/updater.ts)
 * and UpdateService, against a generic feed this test serves on 127.0.0.1: a good update downloads
 * and is offered; one whose bytes do not match the feed's sha512 is refused and said; a feed that
 * is down is said; on Windows, an installer signed by another publisher than the build's, or one
 * whose signature Windows could not check, is refused. What differs from the installed app: the Linux .deb updater (the one that runs
 * on this machine), app-update.yml in a temp folder, and HTTP through Node instead of Electron's net
 * (a subclass of electron-updater's executor: the download, the hash check and the events are its own).
 * The Windows cases run electron-updater's NsisUpdater with the app's signature check, whose
 * PowerShell (Get-AuthenticodeSignature, Windows only) answers what Windows would for each signer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebUpdater, NsisUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpdater, type AppUpdaterLike } from '../../../../electron/desktop/updater.js';
import { publisherSignatureCheck, type PowerShellRun } from '../../../../electron/desktop/update-signature.js';
import { UpdateService } from '../../../../electron/services/shell/update-service.js';
import { createMemoryStorage } from '../../../../electron/services/storage.js';
import { EventHub } from '../../../../electron/transports/event-hub.js';
import { memoryLogger } from '../../../support/silent-log.js';

/** electron-updater's executor with Node's http in place of Electron's net.request. */
class NodeExecutor extends ElectronHttpExecutor {
  override createRequest(options: Parameters<ElectronHttpExecutor['createRequest']>[0], callback: (response: unknown) => void) {
    return request(options as Parameters<typeof request>[0], callback) as never;
  }
}

const payload = randomBytes(256 * 1024);
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');
const FILE = 'draftdeck_1.1.0_amd64.deb';

/** latest-linux.yml as electron-builder writes it beside the installers. */
function latestYml(hash: string): string {
  return [`version: 1.1.0`, `files:`, `  - url: ${FILE}`, `    sha512: ${hash}`, `    size: ${payload.length}`, `path: ${FILE}`, `sha512: ${hash}`, `releaseDate: '2026-11-20T10:00:00.000Z'`, ''].join('\n');
}

let root: string;
let server: Server;
let origin: string;
const served = new Map<string, string | Buffer>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'draftdeck-updater-'));
  server = createServer((req, res) => {
    const body = served.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (body === undefined) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'Content-Length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

let run = 0;
/** A fresh installed app (1.0.0) whose build feed is `feed`, with its own cache folder. */
function installedApp(feed: string, windows?: { publisher: string; powershell: PowerShellRun }) {
  const dir = join(root, `app-${run++}`);
  const resources = join(dir, 'resources');
  const cache = join(dir, 'cache');
  for (const folder of [resources, cache]) mkdirSync(folder, { recursive: true });
  const publisher = windows ? `publisherName:\n  - ${windows.publisher}\n` : '';
  writeFileSync(join(resources, 'app-update.yml'), `${publisher}provider: generic\nurl: ${feed}\nupdaterCacheDirName: draftdeck-updater\n`);
  const adapter = {
    version: '1.0.0',
    name: 'Draftdeck',
    isPackaged: true,
    appUpdateConfigPath: join(resources, 'app-update.yml'),
    userDataPath: join(dir, 'userData'),
    baseCachePath: cache,
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  };
  const updater = windows ? new NsisUpdater(null, adapter) : new DebUpdater(null, adapter);
  if (updater instanceof NsisUpdater) updater.disableDifferentialDownload = true; // no old installer to diff against
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeExecutor(() => {});
  const { log, lines } = memoryLogger();
  const port = createUpdater(log, { buildFeed: feed, policyFeed: null, refusal: null, confirmFeed: async () => false }, updater as unknown as AppUpdaterLike, windows && publisherSignatureCheck(windows.powershell));
  const service = new UpdateService({ updater: port, runtime: 'electron', version: '1.0.0', storage: createMemoryStorage(), hub: new EventHub(0), log, clock: { now: () => Date.now() } });
  return { service, lines };
}

describe('electron-updater against a generic feed', () => {
  it('finds a newer version, downloads it, checks its sha512 and offers it', async () => {
    served.clear();
    served.set('/good/latest-linux.yml', latestYml(sha512(payload)));
    served.set(`/good/${FILE}`, payload);
    const { service } = installedApp(`${origin}/good/`);
    expect(await service.check()).toMatchObject({ state: 'downloading', availableVersion: '1.1.0' });
    await expect.poll(() => service.current().state, { timeout: 20_000 }).toBe('downloaded');
    expect(service.current()).toMatchObject({ availableVersion: '1.1.0', percent: 100 });
  });

  it('refuses a download whose bytes do not match the sha512 the feed gives, and says so', async () => {
    served.clear();
    served.set('/bad/latest-linux.yml', latestYml(sha512(Buffer.from('something else'))));
    served.set(`/bad/${FILE}`, payload);
    const { service, lines } = installedApp(`${origin}/bad/`);
    await service.check();
    await expect.poll(() => service.current().state, { timeout: 20_000 }).toBe('error');
    expect(service.current().message).toMatch(/^The update failed: sha512 checksum mismatch/);
    expect(lines.join('')).toContain('sha512 checksum mismatch');
  });

  it('says so when the feed is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { service } = installedApp(`http://127.0.0.1:${port}/down/`);
    expect(await service.check()).toMatchObject({ state: 'error', message: expect.stringMatching(/^The update failed: .*ECONNREFUSED/) });
  });
});

describe('a Windows installer from the feed', () => {
  const SETUP = 'Draftdeck-Setup-1.1.0.exe';
  const latestWindowsYml = [`version: 1.1.0`, `files:`, `  - url: ${SETUP}`, `    sha512: ${sha512(payload)}`, `    size: ${payload.length}`, `path: ${SETUP}`, `sha512: ${sha512(payload)}`, `releaseDate: '2026-11-20T10:00:00.000Z'`, ''].join('\n');
  /** What Get-AuthenticodeSignature prints for an installer with a valid signature by `subject`. */
  const signedBy = (subject: string): PowerShellRun => async (command) => {
    expect(command).toMatch(/^Get-AuthenticodeSignature -LiteralPath '.+Draftdeck-Setup-1\.1\.0\.exe' \| ConvertTo-Json/);
    return JSON.stringify({ Status: 0, StatusMessage: 'Signature verified.', SignerCertificate: { Subject: subject } });
  };
  const windowsFeed = (name: string) => {
    // latest.yml on Windows; electron-updater names the channel file after the OS it runs on.
    for (const channel of ['latest.yml', 'latest-linux.yml']) served.set(`/${name}/${channel}`, latestWindowsYml);
    served.set(`/${name}/${SETUP}`, payload);
    return `${origin}/${name}/`;
  };

  it('is offered when it is signed by this build\'s publisher', async () => {
    const { service } = installedApp(windowsFeed('win-good'), { publisher: 'Draftdeck Ltd', powershell: signedBy('CN=Draftdeck Ltd, O=Draftdeck Ltd, L=London, C=GB') });
    await service.check();
    await expect.poll(() => service.current().state, { timeout: 20_000 }).toBe('downloaded');
  });

  it('is refused when another publisher signed it, and says who', async () => {
    const { service } = installedApp(windowsFeed('win-other'), { publisher: 'Draftdeck Ltd', powershell: signedBy('CN=Mallory Software, O=Mallory Software, C=US') });
    await service.check();
    await expect.poll(() => service.current().state, { timeout: 20_000 }).toBe('error');
    expect(service.current().message).toMatch(/signed by CN=Mallory Software, O=Mallory Software, C=US, not by Draftdeck Ltd/);
  });

  it('is refused when Windows could not check its signature (electron-updater alone would install it)', async () => {
    const { service } = installedApp(windowsFeed('win-unchecked'), {
      publisher: 'Draftdeck Ltd',
      powershell: async () => {
        throw new Error('powershell.exe is not recognized as an internal or external command');
      },
    });
    await service.check();
    await expect.poll(() => service.current().state, { timeout: 20_000 }).toBe('error');
    expect(service.current().message).toMatch(/could not check the update's signature \(powershell\.exe is not recognized/);
  });
});
