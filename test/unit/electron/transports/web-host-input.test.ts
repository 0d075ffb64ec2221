/**
 * Input edge cases an adversarial run sent to the web host: each gets a 4xx it can act on, and
 * none reaches a handler, writes a file or leaves a stack in the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebTransport, type WebTransport } from '../../../../electron/transports/web-host.js';
import { createDispatcher } from '../../../../electron/core/dispatcher.js';
import { EventHub } from '../../../../electron/transports/event-hub.js';
import { DEFAULT_SETTINGS } from '../../../../electron/core/contract/index.js';
import { IncomingFiles } from '../../../../electron/services/uploads/incoming-files.js';
import { rawRequest } from '../../../support/raw-http.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { testHandlers } from '../../../support/handlers.js';

let transport: WebTransport;
let dir: string;
let lines: string[];
const calls: unknown[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dd-web-input-'));
  const logger = memoryLogger();
  lines = logger.lines;
  const dispatch = createDispatcher(
    testHandlers({
      'app.info': () => ({ name: 'Draftdeck', version: '0', runtime: 'web', os: 'linux', languages: [], sandbox: null }),
      'settings.set': (patch) => (calls.push(patch), { ...DEFAULT_SETTINGS, ...patch }),
    }),
    logger.log,
  );
  transport = await startWebTransport({ dispatch, hub: new EventHub(), rendererDir: join(dir, 'renderer'), log: logger.log, incoming: new IncomingFiles(join(dir, 'incoming')) });
});

afterAll(async () => {
  await transport.close();
  rmSync(dir, { recursive: true, force: true });
});

const auth = () => ({ Authorization: `Bearer ${transport.token}` });

/** Raw bytes on a socket: for what an HTTP client library refuses to send. Resolves with the whole answer once the server closes or answers. */
async function rawExchange(head: string): Promise<string> {
  const socket = connect(transport.port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.setEncoding('latin1');
  const done = new Promise<string>((resolve) => {
    socket.on('data', (text: string) => {
      answer += text;
      const end = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      if (end >= 0 && length !== undefined && answer.length >= end + 4 + Number(length)) resolve(answer);
    });
    socket.on('close', () => resolve(answer));
  });
  socket.write(head);
  const result = await done;
  socket.destroy();
  return result;
}

describe('web host input edge cases', () => {
  it('answers a malformed percent-encoding in a channel name with 404, logging no stack', async () => {
    for (const name of ['%E0%A4%A', '%', 'app.info%zz', '%C0%80']) {
      const res = await rawRequest(`${transport.origin}/api/call/${name}`, { method: 'POST', headers: auth() });
      expect(res.status, name).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
    // The page's own paths too (no token needed there).
    for (const path of ['/assets/%E0%A4%A', '/%zz']) expect((await rawRequest(`${transport.origin}${path}`)).status, path).toBeLessThan(500);
    expect(lines.join('')).not.toMatch(/URIError|"stack"|\n\s+at /);
  });

  it.each([
    ['application/json-seq'],
    ['application/jsonx'],
    ['text/plain'],
    ['text/json'],
    ['application/x-www-form-urlencoded'],
    ['application/json-patch+json'],
    ['multipart/form-data; boundary=x'],
  ])('refuses Content-Type %s with 415 and calls nothing', async (type) => {
    const before = calls.length;
    const res = await rawRequest(`${transport.origin}/api/call/settings.set`, { method: 'POST', headers: { ...auth(), 'Content-Type': type }, body: '{"appearance":{"theme":"dark"}}' });
    expect(res.status).toBe(415);
    expect(calls.length).toBe(before);
  });

  it('refuses a body without a Content-Type, and a non-JSON type even on an empty body', async () => {
    expect((await rawRequest(`${transport.origin}/api/call/settings.set`, { method: 'POST', headers: auth(), body: '{"appearance":{"theme":"dark"}}' })).status).toBe(415);
    expect((await rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'text/plain' } })).status).toBe(415);
  });

  it('takes application/json with or without parameters, in any case', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
      const res = await rawRequest(`${transport.origin}/api/call/settings.set`, { method: 'POST', headers: { ...auth(), 'Content-Type': type }, body: '{"appearance":{"theme":"dark"}}' });
      expect(res.status, type).toBe(200);
    }
    // A channel without input needs no body and no Content-Type.
    expect((await rawRequest(`${transport.origin}/api/call/app.info`, { method: 'POST', headers: auth() })).status).toBe(200);
  });

  it('refuses a request with two Host headers with 400, whichever comes first', async () => {
    const own = `127.0.0.1:${transport.port}`;
    for (const hosts of [[own, 'attacker.example'], ['attacker.example', own], [own, own]]) {
      const answer = await rawExchange(`POST /api/call/app.info HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}Authorization: Bearer ${transport.token}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expect(answer, hosts.join(' / ')).toMatch(/^HTTP\/1\.1 400 /);
    }
  });

  it('refuses /api/files with a declared Content-Length over 4 GB with 413 before writing anything', async () => {
    const declared = 4 * 1024 ** 3 + 1;
    // Headers only: the host must answer without waiting for (or reading) the body.
    const answer = await rawExchange(`POST /api/files HTTP/1.1\r\nHost: 127.0.0.1:${transport.port}\r\nAuthorization: Bearer ${transport.token}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${declared}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/file_too_large/);
    expect(readdirSync(dir)).not.toContain('incoming');
  });
});
