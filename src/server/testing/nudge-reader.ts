import type { IncomingMessage } from 'node:http';
import type { LiveNudge } from '@shared/api/live';

/** Passes on each complete `nudge` event in the text read so far; answers the event still arriving. */
function takeNudges(buffer: string, onNudge: (nudge: LiveNudge) => void): string {
  const events = buffer.split('\n\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
    const data = /^event: nudge\ndata: (.*)$/m.exec(event);
    if (data) onNudge(JSON.parse(data[1]) as LiveNudge);
  }
  return rest;
}

/** Reads a GET /api/events response (text/event-stream) as it arrives: each `nudge` event's data, parsed, in order. */
export function readNudges(response: IncomingMessage, onNudge: (nudge: LiveNudge) => void): void {
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer = takeNudges(buffer + chunk, onNudge);
  });
}

/** The same for a fetch() response's body; resolves when the stream ends (closed by either side, or cut off). */
export async function readNudgeStream(body: NonNullable<Response['body']>, onNudge: (nudge: LiveNudge) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    if (done) return;
    buffer = takeNudges(buffer + value, onNudge);
  }
}
