/** What the address bar told us when the page opened. The token itself never stays there. */
export interface AccessLink {
  /** The hostToken or invite token, to exchange once for the session cookie. */
  token: string | null;
  /** A host link (host=1 with a hostToken): the host screens can start loading at once. */
  asHost: boolean;
  /** Set when the browser came back from the checkout. */
  notice: ReturnNotice | null;
}

export type ReturnNotice = 'payment-received' | 'payment-cancelled';

const TOKEN_PARAMS = ['hostToken', 'token', 'host'] as const;
const RETURN_PARAMS = ['resume', 'payment', 'cancelled'] as const;

function replaceQuery(location: Location, history: History, remove: readonly string[]): URL {
  const url = new URL(location.href);
  const present = remove.filter((name) => url.searchParams.has(name));
  if (present.length > 0) {
    for (const name of present) url.searchParams.delete(name);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return url;
}

/**
 * Reads the access token and the checkout-return flags, and removes the token (and host=1) from
 * the address bar at once, before anything renders: a token left visible ends up in screenshots,
 * shared links and browser history. `replaceState` rewrites the current entry, so Back cannot
 * bring it back either. The return flags stay until the notice they ask for has been shown.
 */
export function takeAccessLink(location: Location, history: History): AccessLink {
  const params = new URL(location.href).searchParams;
  const hostToken = params.get('hostToken') || null;
  const token = hostToken ?? (params.get('token') || null);
  replaceQuery(location, history, TOKEN_PARAMS);

  const resume = params.get('resume');
  const notice: ReturnNotice | null =
    resume === 'host' || resume === 'participant' ? 'payment-received' : params.get('cancelled') === '1' ? 'payment-cancelled' : null;
  return { token, asHost: hostToken !== null && params.get('host') === '1', notice };
}

/** Drops resume/payment/cancelled once their notice is on screen, so a reload does not repeat it. */
export function clearReturnParams(location: Location, history: History): void {
  replaceQuery(location, history, RETURN_PARAMS);
}
