import type { IncomingMessage } from 'node:http';
import type { LiveNudge } from '@shared/api/live';

/** Reads a GET /api/events response (text/event-stream) as it arrives: each `nudge` event's data, parsed, in order. */
export function readNudges(response: IncomingMessage, onNudge: (nudge: LiveNudge) => void): void {
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    const events = buffer.split('\n\n');
    // The last piece is an event still arriving.
    buffer = events.pop() ?? '';
    for (const event of events) {
      const data = /^event: nudge\ndata: (.*)$/m.exec(event);
      if (data) onNudge(JSON.parse(data[1]) as LiveNudge);
    }
  });
}
