/**
 * What crosses the IPC boundary. Thrown errors lose everything but their message across
 * Electron IPC, so every answer is a value: `{ok:true,value}` or `{ok:false,error:{code,message}}`.
 */
export interface IpcError {
  code: string;
  message: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/**
 * An expected failure a person can act on. Services throw it; the dispatcher turns it into
 * `{ok:false,error}`. Anything else thrown is a bug and is reported as `internal`.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Error codes the IPC layer itself produces; services add their own. */
export const IpcErrorCode = {
  unknownChannel: 'unknown_channel',
  invalidInput: 'invalid_input',
  internal: 'internal',
} as const;
