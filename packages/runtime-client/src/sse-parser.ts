// A Server-Sent Events parser following the WHATWG "event stream interpretation" rules, fed with
// decoded text in chunks of any size (a line, even a CRLF, may be split across chunks).

export interface SseEvent {
  /** The `event:` field; 'message' when the event named none. */
  event: string;
  /** The `data:` lines joined by '\n'. */
  data: string;
  /** The last `id:` seen so far in the stream (it carries over to later events), '' when none. */
  id: string;
}

export interface SseHandlers {
  onEvent(event: SseEvent): void;
  /** A comment line (`: ...`), e.g. a heartbeat; without its leading colon. */
  onComment?(comment: string): void;
  /** A valid `retry:` field: the reconnection delay the server asks for, in ms. */
  onRetry?(delayMs: number): void;
}

export interface SseParser {
  feed(chunk: string): void;
  /** Forgets a partial line and event (after a reconnect); the last event id is kept. */
  reset(): void;
}

export function createSseParser(handlers: SseHandlers): SseParser {
  let pending = '';
  let isFirstChunk = true;
  // A chunk ended with CR: an LF starting the next chunk belongs to that line ending.
  let skipLeadingLf = false;
  let eventType = '';
  let data = '';
  let hasData = false;
  let lastEventId = '';

  const dispatch = () => {
    if (hasData) handlers.onEvent({ event: eventType || 'message', data, id: lastEventId });
    eventType = '';
    data = '';
    hasData = false;
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return handlers.onComment?.(line.slice(1).replace(/^ /, ''));
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data = hasData ? `${data}\n${value}` : value;
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      // Other fields are ignored
    }
  };

  return {
    feed(chunk) {
      let text = chunk;
      if (isFirstChunk && text.length > 0) {
        isFirstChunk = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (skipLeadingLf && text.length > 0) {
        skipLeadingLf = false;
        if (text.startsWith('\n')) text = text.slice(1);
      }
      const buffer = pending + text;
      let start = 0;
      // `pending` holds no line ending: scan only what is new.
      for (let index = pending.length; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        processLine(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[index + 1] === '\n') index++;
        }
        start = index + 1;
      }
      pending = buffer.slice(start);
    },
    reset() {
      pending = '';
      isFirstChunk = true;
      skipLeadingLf = false;
      eventType = '';
      data = '';
      hasData = false;
    },
  };
}
