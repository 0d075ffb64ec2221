import { createLogger, type LogFormat } from '../../common/log.js';
import { Writable } from 'node:stream';

/** A real logger whose lines are kept in memory, so tests can assert on what was (not) logged. */
export function memoryLogger(format: LogFormat = 'json') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger({ name: 'test', level: 'debug', destination, format }), lines };
}
