/**
 * A Server-Sent Events reader over fetch, for web mode's event stream. EventSource cannot send an
 * Authorization header, and the host accepts the session token in no other way, so the stream is
 * read with fetch and parsed here (the parts of the format the host uses and a little more:
 * `data:` lines joined by newlines, comments ignored, an event dispatched at a blank line).
 */

const LF = 10;
const CR = 13;

/** Incremental parser: feed it text as it arrives; it calls `onData` with each event's data. */
export class SseParser {
  /** The current line's text so far, as it arrived (joined once, when its line end comes). */
  private pieces: string[] = [];
  /** The last chunk ended with a CR: an LF at the start of the next one belongs to it. */
  private afterCR = false;
  private data: string[] = [];

  constructor(private readonly onData: (data: string) => void) {}

  push(text: string): void {
    let start = 0;
    if (this.afterCR) {
      this.afterCR = false;
      if (text.charCodeAt(0) === LF) start = 1;
    }
    let index = start;
    while (index < text.length) {
      const char = text.charCodeAt(index);
      if (char !== LF && char !== CR) {
        index++;
        continue;
      }
      this.pieces.push(text.slice(start, index));
      const line = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
      this.pieces = [];
      // CRLF is one line end, as are CR and LF alone.
      if (char === CR && index === text.length - 1) this.afterCR = true;
      index += char === CR && text.charCodeAt(index + 1) === LF ? 2 : 1;
      start = index;
      this.line(line);
    }
    if (start < text.length) this.pieces.push(text.slice(start));
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) {
        const data = this.data.join('\n');
        this.data = [];
        this.onData(data);
      }
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
  }
}

/** Reads a response body to its end, handing each event's data to `onData`. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const parser = new SseParser(onData);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
