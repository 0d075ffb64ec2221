import { describe, expect, it } from 'vitest';
import { createExternalOpener, isExternalWebUrl } from '../../../../electron/desktop/external-links.js';
import { memoryLogger } from '../../../support/silent-log.js';

describe('external links', () => {
  it('opens https and loopback http, and says exactly that when it refuses', async () => {
    const opened: string[] = [];
    const open = createExternalOpener({ openExternal: async (url) => void opened.push(url) }, memoryLogger().log);
    expect(await open('https://example.com/a')).toBe(true);
    expect(await open('http://127.0.0.1:4000/v2/auth/authorize/')).toBe(true);
    expect(opened).toEqual(['https://example.com/a', 'http://127.0.0.1:4000/v2/auth/authorize/']);
    for (const url of ['http://example.com/', 'file:///etc/passwd', 'smb://host/share']) {
      const refusal = open(url);
      await expect(refusal).rejects.toMatchObject({ code: 'unsafe_url' });
      await expect(refusal).rejects.toThrow(/https, or plain http to this computer \(127\.0\.0\.1, localhost or \[::1\]\)/);
    }
    expect(opened).toHaveLength(2);
  });

  it('lets a page open https links only', () => {
    expect(isExternalWebUrl('https://example.com/')).toBe(true);
    expect(isExternalWebUrl('http://127.0.0.1:1/')).toBe(false);
    expect(isExternalWebUrl('https://user:pw@example.com/')).toBe(false);
  });
});
