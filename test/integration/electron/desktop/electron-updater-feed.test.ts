/**
 * electron-updater's own check and download, behind the app's adapter (electron/desktop/updater.ts)
 * and UpdateService, against a generic feed this test serves on 127.0.0.1: a good update downloads
 * and is offered; one whose bytes do not match the feed's sha512 is refused and said; a feed that
 * is down is said. What differs from the installed app: the Linux .deb updater (the one that runs
 * on this machine), app-update.yml in a temp folder, and HTTP through Node instead of Electron's net
 * (a subclass of electron-updater's executor: the download, the hash check and the events are its own).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpdater, type AppUpdaterLike } from '../../../../electron/desktop/updater.js';
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
function installedApp(feed: string) {
  const dir = join(root, `app-${run++}`);
  const resources = join(dir, 'resources');
  const cache = join(dir, 'cache');
  for (const folder of [resources, cache]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(resources, 'app-update.yml'), `provider: generic\nurl: ${feed}\nupdaterCacheDirName: draftdeck-updater\n`);
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
  const deb = new DebUpdater(null, adapter);
  (deb as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeExecutor(() => {});
  const { log, lines } = memoryLogger();
  const port = createUpdater(log, { buildFeed: feed, policyFeed: null, refusal: null, confirmFeed: async () => false }, deb as unknown as AppUpdaterLike);
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
