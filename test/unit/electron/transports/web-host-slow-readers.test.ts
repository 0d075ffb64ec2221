/**
 * The web host against readers that do not play along: an event stream that stops reading is
 * dropped once its backlog passes the cap (memory stays bounded), and a request without a valid
 * token is answered 403 and its connection closed at once, before the body it announced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebTransport, type WebTransport } from '../../../../electron/transports/web-host.js';
import { createDispatcher } from '../../../../electron/core/dispatcher.js';
import { EventHub } from '../../../../electron/transports/event-hub.js';
import { DEFAULT_SETTINGS } from '../../../../electron/core/contract/index.js';
import { IncomingFiles } from '../../../../electron/services/uploads/incoming-files.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { testHandlers } from '../../../support/handlers.js';

const BACKLOG_CAP = 256 * 1024;
let transport: WebTransport;
let hub: EventHub;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dd-web-slow-'));
  hub = new EventHub(10);
  const { log } = memoryLogger();
  const dispatch = createDispatcher(testHandlers({}), log);
  transport = await startWebTransport({ dispatch, hub, rendererDir: join(dir, 'renderer'), incoming: new IncomingFiles(join(dir, 'incoming')), log, maxStreamBacklogBytes: BACKLOG_CAP });
});

afterAll(async () => {
  await transport.close();
  rmSync(dir, { recursive: true, force: true });
});

function openSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(transport.port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('web host: slow readers and callers without a token', () => {
  it('drops an event stream that stops reading once its backlog passes the cap; one that reads stays', { timeout: 30_000 }, async () => {
    const host = `127.0.0.1:${transport.port}`;
    const request = `GET /api/events HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${transport.token}\r\nAccept: text/event-stream\r\n\r\n`;
    const stalled = await openSocket();
    stalled.write(request);
    const reading = await openSocket();
    let readBytes = 0;
    reading.on('data', (chunk: Buffer) => (readBytes += chunk.length));
    reading.write(request);
    await until(() => hub.subscriberCount === 2);
    stalled.pause(); // reads nothing more from here on
    stalled.on('error', () => {});

    // Batches of settings.changed events (~250 bytes each) until the stalled stream is dropped.
    let emitted = 0;
    while (hub.subscriberCount === 2) {
      expect(emitted).toBeLessThan(400_000); // a stream that is never dropped grows without bound
      for (let i = 0; i < 5_000; i++) hub.emit('settings.changed', DEFAULT_SETTINGS);
      emitted += 5_000;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(hub.subscriberCount).toBe(1);
    stalled.resume();
    await closed(stalled);
    expect(reading.destroyed).toBe(false);
    expect(readBytes).toBeGreaterThan(BACKLOG_CAP);
    reading.destroy();
  });

  it('closes a connection without a valid token at once, without reading the body it announced', { timeout: 15_000 }, async () => {
    for (const authorization of ['', `Authorization: Bearer ${'x'.repeat(43)}\r\n`]) {
      const socket = await openSocket();
      socket.on('error', () => {});
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      // Announces a gigabyte and sends a little of it: the host must not wait for the rest.
      socket.write(`POST /api/files HTTP/1.1\r\nHost: 127.0.0.1:${transport.port}\r\n${authorization}Content-Type: application/octet-stream\r\nContent-Length: ${2 ** 30}\r\n\r\n`);
      socket.write(Buffer.alloc(64 * 1024));
      await closed(socket);
      expect(answer).toMatch(/^HTTP\/1\.1 403 /);
      expect(answer.toLowerCase()).toContain('connection: close');
    }
  });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
