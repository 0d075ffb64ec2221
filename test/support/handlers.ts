import type { Handlers } from '../../electron/core/dispatcher.js';
import { AppError } from '../../electron/core/result.js';

/**
 * Handlers for dispatcher and transport tests: the ones a test names, and for every other
 * channel one that answers `not_in_test`, so adding a channel does not break unrelated tests.
 */
export function testHandlers(implemented: Partial<Handlers>): Handlers {
  return new Proxy(implemented, {
    get(target, name: string) {
      return (target as Record<string, unknown>)[name] ?? (() => { throw new AppError('not_in_test', `${name} is not part of this test`); });
    },
  }) as Handlers;
}
