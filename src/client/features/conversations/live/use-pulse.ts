import { useEffect, useRef } from 'react';

/**
 * Runs `action` each time `pulse` takes a new value after the first render (a nudge, a resync), never on
 * mount; 0 means "no pulse" (a batch that did not name this conversation) and runs nothing.
 */
export function usePulse(pulse: number, action: () => void): void {
  const seen = useRef(pulse);
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    if (pulse === 0 || pulse === seen.current) return;
    seen.current = pulse;
    latest.current();
  }, [pulse]);
}
