import { useEffect, useRef, useState } from 'react';

/** What to focus once React has drawn a change: an element id, or a row's action button. */
export type FocusTarget = { id: string } | { action: string; rowKey: string };

/**
 * Moves focus once the change that asked for it is on screen (a new row's input exists only
 * after the render). The target waits in a ref; the counter makes sure a render follows even
 * when nothing else changed, as when Save is pressed twice on the same problem.
 */
export function useFocusAfterRender(): (target: FocusTarget) => void {
  const pending = useRef<FocusTarget | null>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    const target = pending.current;
    pending.current = null;
    if (target === null) return;
    const element =
      'id' in target
        ? document.getElementById(target.id)
        : document.querySelector<HTMLElement>(`[data-action="${target.action}-${target.rowKey}"]`);
    element?.focus();
  }, [requests]);
  return (target) => {
    pending.current = target;
    setRequests((n) => n + 1);
  };
}
