// The Open Graph and Twitter card tags of a session's pages: what a chat or a
// social site shows when a link to the scores or the results is pasted. Their
// crawlers run no script, so the tags go in the HTML the server sends. Pure.

export type Vincitore = { nome: string; scuola: string | null; totale: number };

export type DatiAnteprima = {
  evento: string;
  sessione: string;
  inizio: Date;
  fine: Date;
  /** The first-placed teams (several on a tie); read only once the contest is over. */
  vincitori: readonly Vincitore[];
};

export type Anteprima = { titolo: string; descrizione: string };

const ROMA = 'Europe/Rome';
const giorno = new Intl.DateTimeFormat('it-IT', {
  timeZone: ROMA,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const ora = new Intl.DateTimeFormat('it-IT', {
  timeZone: ROMA,
  hour: '2-digit',
  minute: '2-digit',
});

const punti = (n: number) => `${n} ${n === 1 ? 'punto' : 'punti'}`;
const conScuola = (v: Vincitore) => (v.scuola ? `${v.nome} (${v.scuola})` : v.nome);

function vincitori(list: readonly Vincitore[]): string {
  const [first] = list;
  if (!first) return 'la classifica finale';
  if (list.length === 1) return `vince ${conScuola(first)} con ${punti(first.totale)}`;
  return `vincono a pari merito ${list.map(conScuola).join(', ')} con ${punti(first.totale)}`;
}

/** Title and description of the preview, as of `now`. */
export function anteprima(d: DatiAnteprima, now: Date): Anteprima {
  const titolo = `${d.evento} — ${d.sessione}`;
  const data = giorno.format(d.inizio);
  let descrizione: string;
  if (now < d.inizio) {
    descrizione = `Gara del ${data}, dalle ${ora.format(d.inizio)}: classifica in diretta su GaS.`;
  } else if (now < d.fine) {
    descrizione = `Gara in corso il ${data} fino alle ${ora.format(d.fine)}: classifica in diretta su GaS.`;
  } else {
    descrizione = `Gara del ${data}: ${vincitori(d.vincitori)}.`;
  }
  return { titolo, descrizione };
}

/** Text for an HTML attribute value in double quotes (and element content). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The meta tags, one a line, every value escaped. */
export function metaTags({ titolo, descrizione }: Anteprima, url: string): string {
  const tags: [attr: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'GaS'],
    ['property', 'og:locale', 'it_IT'],
    ['property', 'og:title', titolo],
    ['property', 'og:description', descrizione],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', titolo],
    ['name', 'twitter:description', descrizione],
  ];
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`)
    .join('\n');
}
