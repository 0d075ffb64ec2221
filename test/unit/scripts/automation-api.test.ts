/**
 * docs/AUTOMATION-API.md is generated from the IPC contract (scripts/automation-api.ts): it must be
 * what the contract says now, so a channel changed without `npm run docs:api` fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { channelNames, eventNames } from '../../../electron/core/contract/index.js';
import { AUTOMATION_API_PATH, renderAutomationApi } from '../../../scripts/automation-api.js';

describe('docs/AUTOMATION-API.md', () => {
  const rendered = renderAutomationApi();

  it('is what the contract renders (run npm run docs:api when it is not)', () => {
    const onDisk = readFileSync(AUTOMATION_API_PATH, 'utf8');
    if (onDisk !== rendered) {
      const a = onDisk.split('\n');
      const b = rendered.split('\n');
      const line = a.findIndex((text, i) => text !== b[i]);
      const at = line === -1 ? Math.min(a.length, b.length) : line;
      expect.fail(
        `docs/AUTOMATION-API.md is stale: run npm run docs:api (first difference at line ${at + 1}:\n` +
          `  in the file: ${JSON.stringify(a[at] ?? '<end of file>')}\n  generated:   ${JSON.stringify(b[at] ?? '<end of file>')})`,
      );
    }
  });

  it('has a section for every channel and every event', () => {
    for (const name of channelNames) expect(rendered).toContain(`### \`${name}\`\n`);
    for (const name of eventNames) expect(rendered).toContain(`### Event \`${name}\`\n`);
  });

  it('says how web mode carries calls, events and files', () => {
    expect(rendered).toContain('POST /api/call/<channel>');
    expect(rendered).toContain('Authorization: Bearer <token>');
    expect(rendered).toContain('GET /api/events');
    expect(rendered).toContain('POST /api/files');
  });
});
