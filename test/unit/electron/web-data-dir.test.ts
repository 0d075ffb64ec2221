/** web.ts's default data dir: the per-user one, never a folder relative to where the app started (issue 28, point 8). */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../electron/web.js';

describe.runIf(process.platform === 'linux')('the default data dir on Linux', () => {
  it('is under XDG_CONFIG_HOME when that is an absolute path', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/srv/config' })).toBe('/srv/config/Draftdeck');
  });

  it('is ~/.config/Draftdeck when XDG_CONFIG_HOME is unset, empty or relative (the XDG spec ignores those)', () => {
    const perUser = join(homedir(), '.config', 'Draftdeck');
    for (const value of [undefined, '', 'relative/config', '.']) {
      const dir = defaultDataDir(value === undefined ? {} : { XDG_CONFIG_HOME: value });
      expect(dir).toBe(perUser);
      expect(isAbsolute(dir)).toBe(true);
    }
  });
});
