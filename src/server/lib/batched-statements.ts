import DataLoader from 'dataloader';

/** At most this many keys per statement: one longer list answers no faster than two. */
const MAX_BATCH = 100;
/** Statements of one kind running at once; the requests that arrive meanwhile wait and go together. */
const MAX_IN_FLIGHT = 2;

/**
 * Statements of the same kind (a read, or a write such as a stream's sighting) made by requests that
 * arrive together, run as ONE statement. Every request's own statement costs a database round trip
 * whose fixed part (protocol, parse of the answer, the server's executor start-up, a lock per table) is
 * several times the lookup itself; under load many requests wait on the same kind of statement (every
 * request's session read), so one statement over all their
 * keys serves them all. A batch closes after the event loop's current I/O turn (setImmediate), so
 * requests whose bytes arrived together share it, or, when MAX_IN_FLIGHT statements of its kind are
 * already running, when one of them answers, so the busier the server, the fuller each statement. A lone
 * request waits no longer than that turn. Nothing is cached: every request still reads the database as
 * it is now.
 *
 * `load` answers one value per key, in the keys' order (null for none).
 */
export function batchedStatements<Key, Value>(load: (keys: readonly Key[]) => Promise<Value[]>): (key: Key) => Promise<Value> {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const loader = new DataLoader<Key, Value>(
    async (keys) => {
      inFlight += 1;
      try {
        return await load(keys);
      } finally {
        inFlight -= 1;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => {
        if (inFlight < MAX_IN_FLIGHT) setImmediate(dispatch);
        else waiting.push(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}
