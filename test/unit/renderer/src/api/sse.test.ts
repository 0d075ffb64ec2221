import { describe, expect, it } from 'vitest';
import { SseParser, readEventStream } from '../../../../../renderer/src/api/sse.js';

function parse(chunks: string[]): string[] {
  const out: string[] = [];
  const parser = new SseParser((data) => out.push(data));
  for (const chunk of chunks) parser.push(chunk);
  return out;
}

describe('the web renderer\'s SSE parser (EventSource cannot send the bearer token)', () => {
  it('hands over each event\'s data at the blank line, ignoring comments', () => {
    expect(parse([': connected\n\n', 'data: [1]\n\n', ': heartbeat\n\n', 'data: [2]\n\ndata: [3]\n\n'])).toEqual(['[1]', '[2]', '[3]']);
  });

  it('joins an event split across chunks anywhere, even inside CRLF', () => {
    const stream = 'data: {"a":1}\r\n\r\ndata: x\rdata: y\r\r: c\n\ndata:z\n\n';
    const whole = parse([stream]);
    expect(whole).toEqual(['{"a":1}', 'x\ny', 'z']);
    for (let size = 1; size <= 5; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      expect(parse(chunks), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('keeps an unfinished event until its blank line, and ignores other fields', () => {
    expect(parse(['event: x\nid: 3\nretry: 10\ndata: a\n', 'data: b\n'])).toEqual([]);
    expect(parse(['event: x\nid: 3\ndata: a\n', 'data: b\n', '\n'])).toEqual(['a\nb']);
  });

  it('reads a long line in many chunks once', () => {
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ name: 'drafts.updated', payload: { id: String(i) } })));
    const stream = `data: ${big}\n\n`;
    const chunks: string[] = [];
    for (let i = 0; i < stream.length; i += 1000) chunks.push(stream.slice(i, i + 1000));
    expect(parse(chunks)).toEqual([big]);
  });

  it('reads a byte stream to its end, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('data: "café ✓"\n\ndata: 2\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const out: string[] = [];
    await readEventStream(body, (data) => out.push(data));
    expect(out).toEqual(['"café ✓"', '2']);
  });
});
