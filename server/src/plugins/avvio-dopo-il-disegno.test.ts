import { describe, expect, it } from 'vitest';
import { conAvvioDopoIlDisegno } from './avvio-dopo-il-disegno';

const HEAD =
  '<head><meta charset="UTF-8"><title>GaS</title>' +
  '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-B.js">' +
  '<style>main{color:red}</style>' +
  '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/gas/sessione/9/">' +
  '<link rel="preload" as="style" crossorigin href="/assets/Pagina-C.css">' +
  '<link rel="modulepreload" crossorigin href="/assets/Pagina-D.js">' +
  '</head>';
const BODY =
  '<body><main id="contenuto"><h1>Classifica</h1><div id="fine-prima-schermata" hidden></div></main>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-E.css">' +
  '<script type="application/json" id="dati-prima-schermata">{}</script></body>';

describe('a painted page starts its app after its first paint', () => {
  const html = conAvvioDopoIlDisegno(
    `<!doctype html><html>${HEAD}${BODY}</html>`,
    'assets/avvio-F.js',
  );
  const [testa, corpo] = html.split('</head>');
  const modello = /<template id="avvio-app">(.*?)<\/template>/.exec(testa!)?.[1] ?? '';

  it('holds the entry script and every hint, in their order, in the inert template only', () => {
    expect(modello).toBe(
      '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-B.js">' +
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/gas/sessione/9/">' +
        '<link rel="preload" as="style" crossorigin href="/assets/Pagina-C.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/Pagina-D.js">',
    );
    const fuori = testa!.replace(modello, '');
    expect(fuori).not.toMatch(/index-A\.js|modulepreload|rel="preload"/);
  });

  it('loads the start script, and holds the first paint until the painted page is parsed', () => {
    expect(testa).toContain('<script type="module" crossorigin src="/assets/avvio-F.js"></script>');
    expect(testa).toContain('<link rel="expect" href="#fine-prima-schermata" blocking="render">');
    expect(corpo).toContain('<div id="fine-prima-schermata" hidden></div></main>');
  });

  it('keeps the styles, the title and the body as they were', () => {
    expect(testa).toContain('<meta charset="UTF-8"><title>GaS</title>');
    expect(testa).toContain('<style>main{color:red}</style>');
    expect(corpo).toBe(`${BODY}</html>`);
  });

  it('leaves the page as built without a start script in the build', () => {
    const built = `<!doctype html><html>${HEAD}${BODY}</html>`;
    expect(conAvvioDopoIlDisegno(built, null)).toBe(built);
  });
});
