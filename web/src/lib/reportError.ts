// Single place where unexpected errors are reported. Today the console; the
// error-reporting service of spec §7 plugs in here.
export function reportError(error: unknown, context?: string): void {
  console.error(context ? `[GaS] ${context}` : '[GaS]', error);
}
