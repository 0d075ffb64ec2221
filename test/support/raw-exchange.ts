/**
 * One HTTP exchange over a bare socket, for requests no HTTP client would send (two Host headers,
 * broken percent-encoding, conflicting lengths, bytes that are not HTTP at all): the exact bytes
 * go out, and the answer is read as bytes. Each request asks for `Connection: close`, so the
 * server ends the exchange; one that neither answers nor closes within the timeout hangs.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  /** The final (non-1xx) status, or null when the server closed without answering. */
  status: number | null;
  /** The server neither answered nor closed within the timeout. */
  hung: boolean;
  /** The answer's body (up to a limit), for checks on what it served. */
  body: string;
}

const BODY_LIMIT = 64 * 1024;

/** HTTP request bytes: the headers exactly as given (repeats and odd values kept), then the body. */
export function httpBytes(method: string, target: string, headers: Array<[string, string]>, body?: Buffer | string): Buffer {
  const head = `${method} ${target} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), typeof body === 'string' ? Buffer.from(body) : (body ?? Buffer.alloc(0))]);
}

/**
 * Sends `bytes` to 127.0.0.1:`port`; with `halfClose` the socket's sending side is closed right
 * after (a body cut short), otherwise it stays open until the server answers or closes.
 */
export function exchange(port: number, bytes: Buffer, options: { halfClose?: boolean; timeoutMs: number }): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const parsed = () => parseAnswer(received);
    const timer = setTimeout(() => {
      const answer = parsed();
      finish(answer.complete ? { status: answer.status, hung: false, body: answer.body } : { status: answer.status, hung: true, body: answer.body });
    }, options.timeoutMs);
    socket.on('connect', () => {
      socket.write(bytes, () => {
        if (options.halfClose) socket.end();
      });
    });
    socket.on('data', (chunk: Buffer) => {
      if (received.length < BODY_LIMIT * 2) received = Buffer.concat([received, chunk]);
      const answer = parsed();
      if (answer.complete) finish({ status: answer.status, hung: false, body: answer.body });
    });
    // The server closed (or reset): whatever arrived is the answer.
    const closed = () => finish({ status: parsed().status, hung: false, body: parsed().body });
    socket.on('end', closed);
    socket.on('close', closed);
    socket.on('error', closed);
  });
}

/** The final status and whether the whole answer (by Content-Length) is in; 1xx interim answers skipped. */
function parseAnswer(bytes: Buffer): { status: number | null; complete: boolean; body: string } {
  let rest = bytes;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return { status: null, complete: false, body: '' };
    const head = rest.subarray(0, end).toString('latin1');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? NaN);
    if (Number.isNaN(status)) return { status: null, complete: false, body: '' };
    const bodyStart = end + 4;
    if (status >= 100 && status < 200) {
      rest = rest.subarray(bodyStart);
      continue;
    }
    // An event stream is open-ended: its headers are the answer.
    if (/\r\ncontent-type: *text\/event-stream/i.test(head)) return { status, complete: true, body: '' };
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    const body = rest.subarray(bodyStart, bodyStart + BODY_LIMIT).toString('utf8');
    // Without a length (chunked, or until close) the answer is complete once the server closes.
    return { status, complete: length !== undefined && rest.length - bodyStart >= Math.min(Number(length), BODY_LIMIT), body };
  }
}
