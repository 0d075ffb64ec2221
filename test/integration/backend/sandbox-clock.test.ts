/**
 * The backend's clock in the sandbox profile follows the sandbox's virtual clock. A webhook retry
 * fired by a clock advance reaches the backend within milliseconds of the advance, so the re-read
 * it triggers must be a fresh one, not skipped because a periodic read answered moments before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../platform-api/http.js';
import { SandboxClock } from '../../../platform-api/sandbox-clock.js';
import { advanceClock, startTestSandbox, type Sandbox } from '../../support/sandbox-client.js';

describe('the backend clock in the sandbox profile', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('re-reads the sandbox clock for a webhook that arrived after an advance, even right after another read', async () => {
    const clock = new SandboxClock(createHttpClient(), sandbox.baseUrl);
    await clock.sync();
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(60_000);
    await advanceClock(sandbox, 3600);
    const arrived = Date.now();
    await clock.sync(arrived);
    expect(clock.now() - Date.now()).toBeGreaterThan(3590_000);
  });

  it('asks the sandbox once for a burst of webhooks that arrived together', async () => {
    let reads = 0;
    const send = createHttpClient();
    const clock = new SandboxClock(async (request) => {
      reads++;
      return send(request);
    }, sandbox.baseUrl);
    const arrived = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2));
    await Promise.all(Array.from({ length: 20 }, () => clock.sync(arrived)));
    expect(reads).toBe(1);
  });
});
