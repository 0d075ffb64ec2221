/**
 * The config the built-in sandbox starts with (sandboxArgsFromEnv): the one built beside its
 * bundle, or the file DRAFTDECK_SANDBOX_CONFIG names.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxArgsFromEnv } from '../../../../../electron/services/builtin-platform/builtin-platform.js';

describe("the built-in sandbox's config", () => {
  it('is the one built beside the bundle, unless DRAFTDECK_SANDBOX_CONFIG names another', () => {
    expect(sandboxArgsFromEnv('/opt/Draftdeck/resources/app.asar', {})).toEqual(['--config', join('/opt/Draftdeck/resources/app.asar', 'dist-platform', 'builtin-sandbox.json')]);
    expect(sandboxArgsFromEnv('/opt/app', { DRAFTDECK_SANDBOX_CONFIG: 'mine.json' })).toEqual(['--config', resolve('mine.json')]);
  });
});
