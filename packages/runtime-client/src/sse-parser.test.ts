import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser.ts';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onComment: (comment) => comments.push(comment),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.feed(chunk);
  return { events, comments, retries, parser };
}

/** Every way of cutting `text` into two chunks. */
const splits = (text: string) =>
  Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

describe('createSseParser', () => {
  it('reads a revision event as the console sends it', () => {
    const { events } = parse([
      'event: revision\nid: 7\ndata: {"revision":7,"hash":"ab","changed":["plugins"]}\n\n',
    ]);
    expect(events).toEqual([
      { event: 'revision', id: '7', data: '{"revision":7,"hash":"ab","changed":["plugins"]}' },
    ]);
  });

  it('dispatches nothing until the blank line ends the event', () => {
    const { events, parser } = parse(['event: revision\ndata: 1\n']);
    expect(events).toEqual([]);
    parser.feed('\n');
    expect(events).toHaveLength(1);
  });

  it('gives the same events however the stream is cut, for LF, CR and CRLF line endings', () => {
    for (const eol of ['\n', '\r', '\r\n']) {
      const text = [
        '\uFEFF: hello',
        'event: revision',
        'id: 3',
        'data: a',
        'data: b',
        '',
        'data: c',
        '',
        '',
      ].join(eol);
      const whole = parse([text]);
      expect(whole.events).toEqual([
        { event: 'revision', id: '3', data: 'a\nb' },
        { event: 'message', id: '3', data: 'c' },
      ]);
      expect(whole.comments).toEqual(['hello']);
      for (const chunks of splits(text)) expect(parse(chunks).events).toEqual(whole.events);
      // one character at a time
      expect(parse([...text]).events).toEqual(whole.events);
    }
  });

  it('reads a CR at the end of a chunk and an LF at the start of the next as one line ending', () => {
    const { events } = parse(['data: x\r', '\ndata: y\r', '\n\r', '\n']);
    expect(events.map((event) => event.data)).toEqual(['x\ny']);
  });

  it('reports heartbeat comments and never dispatches them as events', () => {
    const { events, comments } = parse([':\n\n: keep-alive\n\n']);
    expect(events).toEqual([]);
    expect(comments).toEqual(['', 'keep-alive']);
  });

  it('keeps the last id for later events, ignores ids holding NUL, and an empty id clears it', () => {
    const { events } = parse([
      'id: 5\ndata: a\n\n',
      'data: b\n\n',
      'id: 6\u00007\ndata: c\n\n',
      'id\ndata: d\n\n',
    ]);
    expect(events.map((event) => event.id)).toEqual(['5', '5', '5', '']);
  });

  it('drops an event without data and resets its name', () => {
    const { events } = parse(['event: revision\nid: 9\n\n', 'data: x\n\n']);
    expect(events).toEqual([{ event: 'message', id: '9', data: 'x' }]);
  });

  it('reads fields without a colon or without the space, and ignores unknown fields', () => {
    const { events } = parse(['data\ndata:x\nfoo: bar\nevent:revision\n\n']);
    expect(events).toEqual([{ event: 'revision', id: '', data: '\nx' }]);
  });

  it('removes only one leading space of a value', () => {
    expect(parse(['data:  two\n\n']).events[0]?.data).toBe(' two');
  });

  it('accepts only digits as retry', () => {
    expect(parse(['retry: 2500\nretry: 1e3\nretry: -1\nretry: 10 s\n\n']).retries).toEqual([2500]);
  });

  it('forgets a partial line and event on reset, keeping the last id', () => {
    const { events, parser } = parse(['id: 4\ndata: a\n\nevent: revision\ndata: half']);
    parser.reset();
    parser.feed('data: whole\n\n');
    expect(events).toEqual([
      { event: 'message', id: '4', data: 'a' },
      { event: 'message', id: '4', data: 'whole' },
    ]);
  });
});
