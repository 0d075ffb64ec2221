import { describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../../../electron/core/dispatcher.js';
import { DEFAULT_SETTINGS } from '../../../../electron/core/contract/index.js';
import { AppError } from '../../../../electron/core/result.js';
import { memoryLogger } from '../../../support/silent-log.js';
import { testHandlers } from '../../../support/handlers.js';

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  return testHandlers({
    'app.info': () => ({ name: 'Draftdeck', version: '1.0.0', runtime: 'web', os: 'linux', languages: [], sandbox: null }),
    'settings.get': () => DEFAULT_SETTINGS,
    'settings.set': (patch) => ({ ...DEFAULT_SETTINGS, ...patch }),
    'shell.openExternal': () => ({ opened: true }),
    ...overrides,
  });
}

describe('dispatcher', () => {
  it('answers a valid call with {ok:true,value}', async () => {
    const dispatch = createDispatcher(handlers(), memoryLogger().log);
    await expect(dispatch('settings.set', { uploads: { concurrency: 3 } })).resolves.toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, uploads: { concurrency: 3 } } });
  });

  it('refuses an unknown channel, including prototype names', async () => {
    const dispatch = createDispatcher(handlers(), memoryLogger().log);
    for (const name of ['nope', '__proto__', 'constructor', 42, null]) {
      const result = await dispatch(name, undefined);
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });

  it('refuses invalid input with a message naming the field, without calling the handler', async () => {
    let called = false;
    const dispatch = createDispatcher(handlers({ 'settings.set': () => ((called = true), DEFAULT_SETTINGS) }), memoryLogger().log);
    const result = await dispatch('settings.set', { uploads: { concurrency: 99 } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toContain('uploads.concurrency');
    }
    expect(called).toBe(false);
    await expect(dispatch('settings.set', { surprise: true })).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await expect(dispatch('app.info', { unexpected: 1 })).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('turns an AppError into its code and message', async () => {
    const dispatch = createDispatcher(handlers({ 'settings.get': () => { throw new AppError('vault_locked', 'The vault is locked'); } }), memoryLogger().log);
    await expect(dispatch('settings.get', undefined)).resolves.toEqual({ ok: false, error: { code: 'vault_locked', message: 'The vault is locked' } });
  });

  it('never throws: a bug becomes `internal` without leaking its message', async () => {
    const { log, lines } = memoryLogger();
    const dispatch = createDispatcher(handlers({ 'settings.get': async () => { throw new Error('secret detail act.abcdefghijkl'); } }), log);
    const result = await dispatch('settings.get', undefined);
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'Internal error in settings.get' } });
    expect(lines.join('')).not.toContain('act.abcdefghijkl');
  });

  it('strips output fields the contract does not name and refuses malformed output', async () => {
    const leaky = handlers({ 'app.info': () => ({ name: 'Draftdeck', version: '1', runtime: 'web', os: 'linux', languages: [], sandbox: null, access_token: 'act.leak' }) as never });
    const result = await createDispatcher(leaky, memoryLogger().log)('app.info', undefined);
    expect(result.ok && JSON.stringify(result.value)).not.toContain('act.leak');
    const broken = handlers({ 'app.info': () => ({ name: 3 }) as never });
    await expect(createDispatcher(broken, memoryLogger().log)('app.info', undefined)).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
