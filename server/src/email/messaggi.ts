// The e-mails GaS sends, in Italian, as plain text and HTML, with the site's
// name and links built from the public URL (GAS_PUBLIC_URL).
import { conta } from '@gas/contracts';
import type { Messaggio } from './mailer';

export const NOME_SITO = 'GaS - Gara a Squadre di Fisica';

/** Where links point: GAS_PUBLIC_URL, else this server on localhost. */
export const baseUrlDi = (config: { publicUrl: string | undefined; port: number }) =>
  config.publicUrl ?? `http://localhost:${config.port}`;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i;

/**
 * The start-up warning (main.ts, once) when the e-mails' links would point
 * to localhost while the server listens where others reach it: a reset or
 * invitation link that opens nothing on the reader's machine. Null when
 * GAS_PUBLIC_URL is set or the server listens on loopback only.
 */
export function avvisoLinkLocali(config: {
  publicUrl: string | undefined;
  port: number;
  host: string;
}): string | null {
  if (config.publicUrl || LOOPBACK.test(config.host.replace(/^\[|\]$/g, ''))) return null;
  return (
    `GAS_PUBLIC_URL non impostato: i link nelle e-mail (password, inviti) puntano a ` +
    `${baseUrlDi(config)}, raggiungibile solo da questa macchina, mentre il server è in ` +
    `ascolto su ${config.host}. Impostalo all'indirizzo pubblico del sito, es. https://gas.example.it`
  );
}

const html = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function pagina(paragrafi: string[], link: string, bottone: string, codice = ''): string {
  const corpo =
    paragrafi.map((p) => `<p>${html(p)}</p>`).join('\n') +
    (codice ? `\n<pre style="font-size: .85em; white-space: pre-wrap">${html(codice)}</pre>` : '');
  return `<!doctype html>
<html lang="it"><body style="font-family: sans-serif; line-height: 1.5">
<h1 style="font-size: 1.2em">${html(NOME_SITO)}</h1>
${corpo}
<p><a href="${html(link)}" style="display: inline-block; padding: .5em 1em; background: #0d6efd; color: #fff; text-decoration: none; border-radius: .3em">${html(bottone)}</a></p>
<p style="font-size: .9em; color: #555">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${html(link)}</p>
</body></html>`;
}

type Destinatario = { email: string; nome: string; username: string };

/** To an imported manager: the link to choose a password (valid `giorni` days). */
export function invitoPassword(d: Destinatario, link: string, giorni: number): Messaggio {
  const paragrafi = [
    `Gentile ${d.nome || d.username},`,
    `il sito delle olimpiadi ha registrato il tuo account su ${NOME_SITO}, dove inserirai le risposte delle tue squadre il giorno della gara. Il tuo nome utente è «${d.username}».`,
    `Scegli la tua password da questo link, valido ${conta(giorni, 'giorno', 'giorni')} e utilizzabile una sola volta:`,
  ];
  return {
    a: d.email,
    oggetto: `${NOME_SITO}: scegli la tua password`,
    testo: `${paragrafi.join('\n\n')}\n\n${link}\n\nSe non ti aspettavi questo messaggio, puoi ignorarlo.\n\n${NOME_SITO}\n`,
    html: pagina(paragrafi, link, 'Scegli la password'),
  };
}

/** After 'Password dimenticata?': the link to set a new one (valid `ore` hours). */
export function reimpostaPassword(d: Destinatario, link: string, ore: number): Messaggio {
  const paragrafi = [
    `Gentile ${d.nome || d.username},`,
    `qualcuno (speriamo tu) ha chiesto di reimpostare la password dell’account «${d.username}» su ${NOME_SITO}.`,
    `Imposta una nuova password da questo link, valido ${conta(ore, 'ora', 'ore')} e utilizzabile una sola volta. Tutti gli altri accessi a questo account verranno chiusi.`,
  ];
  return {
    a: d.email,
    oggetto: `${NOME_SITO}: reimposta la password`,
    testo: `${paragrafi.join('\n\n')}\n\n${link}\n\nSe non l’hai chiesto tu, ignora questo messaggio: la password resta quella di prima.\n\n${NOME_SITO}\n`,
    html: pagina(paragrafi, link, 'Reimposta la password'),
  };
}

export type AvvisoErrore = {
  nuovo: boolean;
  origine: string;
  tipo: string;
  contesto: string;
  messaggio: string;
  percorso: string;
  utente: string;
  requestId: string;
  quando: string;
  stack: string;
  conteggio: number;
};

/** To a superuser: an error group seen for the first time (or again after it was resolved). */
export function avvisoErrore(d: Destinatario, e: AvvisoErrore, link: string): Messaggio {
  const titolo = e.messaggio.length > 80 ? `${e.messaggio.slice(0, 79)}…` : e.messaggio;
  const dettagli = [
    `Origine: ${e.origine === 'web' ? 'web app' : 'server'} (${e.tipo})`,
    e.contesto && `Contesto: ${e.contesto}`,
    e.percorso && `Percorso: ${e.percorso}`,
    `Utente: ${e.utente}`,
    e.requestId && `Codice della richiesta: ${e.requestId}`,
    `Quando: ${e.quando}`,
    e.nuovo
      ? 'Prima occorrenza.'
      : `Di nuovo dopo essere stato segnato come risolto (${conta(e.conteggio, 'volta', 'volte')} in tutto).`,
  ].filter(Boolean) as string[];
  const paragrafi = [
    `Gentile ${d.nome || d.username},`,
    `${NOME_SITO} ha registrato ${e.nuovo ? 'un nuovo errore' : 'di nuovo un errore già risolto'}: «${e.messaggio}».`,
    ...dettagli,
    'Per questo errore non riceverai altre e-mail per almeno un’ora; le occorrenze successive sono contate nell’amministrazione.',
  ];
  const stack = e.stack.split('\n').slice(0, 15).join('\n');
  return {
    a: d.email,
    oggetto: `${NOME_SITO}: ${e.nuovo ? 'nuovo errore' : 'errore di nuovo presente'}: ${titolo}`,
    testo: `${paragrafi.join('\n\n')}${stack ? `\n\n${stack}` : ''}\n\n${link}\n\n${NOME_SITO}\n`,
    html: pagina(paragrafi, link, 'Apri l’errore nell’amministrazione', stack),
  };
}

export type VoceRiepilogoErrori = {
  id: number;
  origine: string;
  tipo: string;
  messaggio: string;
  conteggio: number;
  ultimo: string;
};

/** Groups listed one by one in a digest; the rest are counted. */
const VOCI_NEL_RIEPILOGO = 50;

/**
 * To a superuser: the error groups whose alerts were held back because the
 * hour's e-mails were used up (errori/avvisi.ts), in one message.
 */
export function riepilogoErrori(
  d: Destinatario,
  voci: readonly VoceRiepilogoErrori[],
  base: string,
  limite: number,
): Messaggio {
  const quanti = voci.length === 1 ? 'un errore' : `${voci.length} errori`;
  const righe = voci.slice(0, VOCI_NEL_RIEPILOGO).map((v) => {
    const volte =
      v.conteggio === 1
        ? `1 volta, il ${v.ultimo}`
        : `${v.conteggio} volte, l’ultima il ${v.ultimo}`;
    const origine = v.origine === 'web' ? 'web app' : 'server';
    return `• «${v.messaggio}» (${origine}, ${v.tipo}; ${volte}): ${base}/admin/errori/${v.id}/`;
  });
  const altri = voci.length - righe.length;
  if (altri > 0) {
    righe.push(
      altri === 1
        ? 'E un altro errore: lo trovi nell’amministrazione.'
        : `E altri ${altri} errori: li trovi nell’amministrazione.`,
    );
  }
  const paragrafi = [
    `Gentile ${d.nome || d.username},`,
    `${NOME_SITO} ha registrato ${quanti} di cui non hai ricevuto l’avviso: per non riempire la tua casella, gli avvisi sono al massimo ${limite} all’ora, più un riepilogo come questo.`,
    ...righe,
  ];
  const link = `${base}/admin/errori/`;
  return {
    a: d.email,
    oggetto: `${NOME_SITO}: riepilogo di ${quanti}`,
    testo: `${paragrafi.join('\n\n')}\n\n${link}\n\n${NOME_SITO}\n`,
    html: pagina(paragrafi, link, 'Apri gli errori nell’amministrazione'),
  };
}
