import { useEffect, useRef, useState } from 'react';

/**
 * Moves focus to an element, by id, once the change that asked for it is on screen (a new row's
 * input exists only after the render). The id waits in a ref; the counter makes sure a render
 * follows even when nothing else changed, as when Save is pressed twice on the same problem.
 */
export function useFocusAfterRender(): (id: string) => void {
  const pending = useRef<string | null>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    const id = pending.current;
    pending.current = null;
    if (id !== null) document.getElementById(id)?.focus();
  }, [requests]);
  return (id) => {
    pending.current = id;
    setRequests((n) => n + 1);
  };
}
