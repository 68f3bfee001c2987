// A build step (web/vite.config.ts): React's DOM renderer makes five Error
// objects while its module is evaluated, sentinels it throws and recognises
// by identity (`SuspenseException` and its kin), never shown to anyone.
//
// Why it matters: when DevTools' protocol is attached to the page, as
// Lighthouse and Playwright attach it, V8 records a detailed stack trace for
// every Error created (it may become an uncaught exception to report), and a
// detailed trace needs the source positions of every function on the stack:
// V8 parses those functions again, here the renderer's module (200 kB) and
// the app's entry around it (400 kB). Measured on the scores page: 30-70 ms
// of the entry's evaluation at full CPU speed, four times that in
// Lighthouse's phone, the page's longest task (docs/performance.md). Without
// the protocol (a visitor's phone) an Error records no positions and costs
// nothing: this changes what Lighthouse measures, not what a visitor waits.
//
// The sentinels become objects of Error's prototype with the same message,
// made without a stack: React compares them by identity only. Errors made
// while the app runs are untouched.

/** The file of React's DOM renderer the app's build uses. */
export const RENDERER_DI_REACT = /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/** The sentinels the installed React makes at the module's top level (sentinelleReact.test.ts). */
export const SENTINELLE_ATTESE = 5;

// `var X = Error(formatProdErrorMessage(N))` at the module's top level, or
// a further declarator of that `var` on its own line (two spaces in).
const SENTINELLA = /^(var | {2})(\w+) = Error\((formatProdErrorMessage\(\d+\))\)([,;])$/gm;

const FABBRICA = 'gasSentinellaSenzaStack';

/** The renderer's code with its sentinels made without a stack, and how many. */
export function sentinelleSenzaStack(code: string): { code: string; sostituite: number } {
  let sostituite = 0;
  const nuovo = code.replace(SENTINELLA, (_riga, inizio, nome, messaggio, fine) => {
    sostituite += 1;
    return `${inizio}${nome} = ${FABBRICA}(${messaggio})${fine}`;
  });
  if (sostituite === 0) return { code, sostituite };
  // At the end (a declaration is hoisted): every other line keeps its place in the source map.
  const fabbrica =
    `\nfunction ${FABBRICA}(message) {` +
    ' var sentinella = Object.create(Error.prototype); sentinella.message = message;' +
    ' return sentinella; }\n';
  return { code: nuovo + fabbrica, sostituite };
}

/** The Vite plugin: a build whose React makes another number of sentinels warns (update the test). */
export const sentinelleReact = {
  name: 'gas-sentinelle-react',
  apply: 'build' as const,
  transform(this: { warn(message: string): void }, code: string, id: string) {
    if (!RENDERER_DI_REACT.test(id)) return null;
    const { code: nuovo, sostituite } = sentinelleSenzaStack(code);
    if (sostituite !== SENTINELLE_ATTESE) {
      this.warn(`sentinelle di React: ${sostituite} invece di ${SENTINELLE_ATTESE}`);
    }
    return sostituite === 0 ? null : { code: nuovo, map: null };
  },
};
