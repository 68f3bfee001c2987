// Links that come from data (events, sponsors, webinars, rules documents,
// videos) are shown only when they are an https address or a path of this
// site: a protocol-relative `//evil.example/x` saved before the server
// refused it, or a setting typed by hand, must not lead people off the site.
// The light entry of @gas/contracts: no zod in the pages that only show links.
import { isSafeLink } from '@gas/contracts/links';

/** `href` when it is safe to show, otherwise undefined (show no link). */
export function safeHref(href: string | null | undefined): string | undefined {
  return href && isSafeLink(href) ? href : undefined;
}
