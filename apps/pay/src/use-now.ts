import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (a minute by default: countdowns show minutes). */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
