import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so relative labels ('5m ago', '3h 2m left') move on by themselves. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
