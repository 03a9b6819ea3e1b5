import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A request open longer than this is not one a member sits waiting on (a live event stream, an upload,
 * another import): an import does not hold back for it.
 */
export const LONG_REQUEST_MS = 1_000;

/**
 * The requests the HTTP server is answering, every route whichever plugin serves it, so that an import
 * can tell whether somebody else is waiting for an answer.
 */
export class RequestsInFlight {
  private readonly open = new Map<IncomingMessage, number>();

  private readonly track = (request: IncomingMessage, response: ServerResponse): void => {
    this.open.set(request, performance.now());
    // 'close' comes once the answer is sent or the connection is gone, whichever happens first.
    response.once('close', () => this.open.delete(request));
  };

  constructor(
    private readonly server: Server,
    private readonly longRequestMs = LONG_REQUEST_MS,
  ) {
    server.on('request', this.track);
  }

  detach(): void {
    this.server.off('request', this.track);
  }

  /** Whether a request other than `own`, opened less than LONG_REQUEST_MS ago, is still being answered. */
  othersThan(own: IncomingMessage): boolean {
    const now = performance.now();
    for (const [request, openedAt] of this.open) {
      if (request !== own && now - openedAt < this.longRequestMs) return true;
    }
    return false;
  }
}
