import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

/**
 * The admin's client-side routing: the History API and one event, no router library. The path
 * and query are the state; every screen reads them through useAdminLocation.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = (): string => window.location.pathname + window.location.search;

export interface AdminLocation {
  pathname: string;
  search: URLSearchParams;
  /** pathname + search, as one string (a stable value for effects). */
  href: string;
}

export function useAdminLocation(): AdminLocation {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, 'http://admin.invalid');
  return { pathname: url.pathname, search: url.searchParams, href };
}

/** Goes to another admin address without a reload; `replace` for corrections that should not add a Back step. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (href === snapshot()) return;
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  listeners.forEach((listener) => listener());
  if (!options.replace) window.scrollTo?.(0, 0);
}

/** A real link (open in a new tab works), followed in-app on a plain click. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}
