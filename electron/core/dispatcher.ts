/**
 * The transport-neutral dispatcher: every call from any transport comes through here. It refuses
 * unknown channels, parses the input with the channel's schema, runs the handler, parses the
 * output (which also strips anything a handler returned that the contract does not name, so a
 * token cannot leak by accident), and never throws.
 */
import type { Logger } from '../../common/log.js';
import { formatIssues } from '../../common/zod-issues.js';
import { channels, isChannelName, type ChannelName, type ChannelOutput, type ParsedInput } from './contract/index.js';
import { AppError, IpcErrorCode, type IpcResult } from './result.js';
import type { Words } from './contract/words.js';

export type Handler<C extends ChannelName> = (input: ParsedInput<C>) => Promise<ChannelOutput<C>> | ChannelOutput<C>;
export type Handlers = { [C in ChannelName]: Handler<C> };
/** The handlers of one feature's channels (a table from core/contract/<feature>.ts). */
export type HandlersFor<Table> = Pick<Handlers, keyof Table & ChannelName>;

export type Dispatch = (channel: unknown, input: unknown) => Promise<IpcResult<unknown>>;

export interface DispatcherOptions {
  /**
   * A failure of the machine rather than a bug (a full disk), as the error a person can act on;
   * null for anything else. The host knows the machine: core does not.
   */
  explain?: (error: unknown) => AppError | null;
}

export function createDispatcher(handlers: Handlers, log: Logger, options: DispatcherOptions = {}): Dispatch {
  return async function dispatch(channel, input) {
    if (!isChannelName(channel)) {
      return fail(IpcErrorCode.unknownChannel, `No such channel: ${describe(channel)}`);
    }
    const contract = channels[channel];
    const parsedInput = contract.input.safeParse(input);
    if (!parsedInput.success) {
      return fail(IpcErrorCode.invalidInput, `Invalid input for ${channel}: ${formatIssues(parsedInput.error)}`);
    }
    try {
      const handler = handlers[channel] as (value: unknown) => unknown;
      const output = await handler(parsedInput.data);
      const parsedOutput = contract.output.safeParse(output);
      if (!parsedOutput.success) {
        log.error({ channel, issues: parsedOutput.error.issues }, 'handler returned output outside the contract');
        return fail(IpcErrorCode.internal, `Internal error in ${channel}`);
      }
      return { ok: true, value: parsedOutput.data };
    } catch (error) {
      if (error instanceof AppError) return fail(error.code, error.message, error.words);
      const explained = options.explain?.(error);
      if (explained) {
        log.warn({ channel, code: explained.code }, explained.message);
        return fail(explained.code, explained.message, explained.words);
      }
      log.error({ channel, err: error }, 'handler failed');
      return fail(IpcErrorCode.internal, `Internal error in ${channel}`);
    }
  };
}

function fail(code: string, message: string, words?: Words): IpcResult<never> {
  return { ok: false, error: words ? { code, message, words } : { code, message } };
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 100)) : typeof value;
}
