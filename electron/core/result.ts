/**
 * Results as values, and the one error type of each boundary:
 *
 * - the platform API (platform-api/): `ApiResult<T>` = `Result<T, PlatformError>` (platform-api/errors.ts);
 * - the services: `AppError`, an expected failure with a code a person can act on; a handler
 *   throws it and the dispatcher turns it into a value (anything else thrown is a bug: `internal`);
 * - IPC (both transports): `IpcResult<T>` = `Result<T, IpcError>`. Thrown errors lose everything but
 *   their message across Electron IPC, so every answer is `{ok:true,value}` or
 *   `{ok:false,error:{code,message}}`.
 */
import type { Result } from '../../common/result.js';
import type { Words } from './contract/words.js';

// Result values are common/'s (the platform client and the servers share them); re-exported so a
// service imports its boundary's types from one place.
export { ok, err, type Result } from '../../common/result.js';

export interface IpcError {
  code: string;
  /** In English, for scripts and logs. */
  message: string;
  /** The same said as words (contract/words.ts), for the window to say in its language; absent where there are none yet. */
  words?: Words;
}

export type IpcResult<T> = Result<T, IpcError>;

/**
 * An expected failure a person can act on. Services throw it; the dispatcher turns it into
 * `{ok:false,error}`. Anything else thrown is a bug and is reported as `internal`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The refusal as words the window says in its language (IpcError.words). */
    readonly words?: Words,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** From a refusal value (a pure rule's answer) to the service boundary's error. */
  static from(error: IpcError): AppError {
    return new AppError(error.code, error.message, error.words);
  }
}

/** Error codes the IPC layer itself produces; services add their own. */
export const IpcErrorCode = {
  unknownChannel: 'unknown_channel',
  invalidInput: 'invalid_input',
  internal: 'internal',
} as const;
