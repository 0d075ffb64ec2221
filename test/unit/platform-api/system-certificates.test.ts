/**
 * The main process's https agent trusts the system's certificate store besides Node's bundled
 * roots (platform-api/agents.ts trustSystemCertificates): on Node 24 (Electron 45; npm run
 * test:node24) it reads them; on Node 20, which cannot, it says so and changes nothing.
 */
import * as tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { trustSystemCertificates } from '../../../platform-api/agents.js';

const read = (tls as { getCACertificates?: (type: string) => string[] }).getCACertificates;

describe('system certificates', () => {
  it.runIf(read !== undefined)('are trusted with the bundled roots where Node can read them', () => {
    expect(trustSystemCertificates()).toBe(read!('system').length > 0);
  });

  it.runIf(read === undefined)('are reported as unreadable on a Node without tls.getCACertificates', () => {
    expect(trustSystemCertificates()).toBe(false);
  });
});
