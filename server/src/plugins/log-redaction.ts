// What request logs must not show: the token of a one-time password link
// sits in the page's own URL (/accounts/imposta-password/{token}/, issue 15).

/** A URL as logs show it, the link's token replaced. */
export function senzaSegreti(url: string): string {
  return url.replace(/(\/accounts\/imposta-password\/)[^/?#]+/g, '$1***');
}
