/** Only web addresses: a `javascript:` URL from a compromised reply must never run here. */
export function isWebUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Leaves the app for a checkout or the merchant's page; one place, so tests can stand in for it. */
export function navigateTo(url: string): void {
  if (!isWebUrl(url)) throw new Error('Refusing to navigate to a non-web address');
  window.location.assign(url);
}
