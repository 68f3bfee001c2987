// A value built the first time it is needed, then kept. For Intl's
// formatters above all: the first one of a locale a page creates loads that
// locale's data, 13-97 ms of main thread unthrottled in Debian's Chromium
// (docs/performance.md, "a ninth session"), so a module that built its
// formatters when imported made every page pay for them while the app
// started, whether it wrote a number or not.
export function pigro<T>(crea: () => T): () => T {
  let valore: { v: T } | null = null;
  return () => (valore ??= { v: crea() }).v;
}
