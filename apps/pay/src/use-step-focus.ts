import { type RefObject, useEffect, useRef } from 'react';

/**
 * Focus follows a two-step action: into the second step when it opens, back to the button that
 * opened it when it closes, so keyboard and screen-reader users stay where the change is. Nothing
 * moves on the first render: a page does not take focus as it loads.
 */
export function useStepFocus(open: boolean, step: RefObject<HTMLElement | null>, opener: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) step.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open, step, opener]);
}
