// Rankings as the LaTeX source of an A4 PDF (compiled by pdf/pdflatex.ts):
// a section per session (or venue), each headed by the event, the session,
// the contest's date and times in Rome time and 'Classifica finale' or
// 'Classifica provvisoria'; the table repeats its header on every page, the
// joker's points are in bold with a J. Landscape when the problems would not
// fit across a portrait page.
import { escapeLatex as t } from '../pdf/latex';
import {
  INTESTAZIONE,
  dataOraRoma,
  giornoRoma,
  titoloClassifica,
  type Classifica,
  type RigaClassifica,
} from './righe';

/** Up to this many problems a portrait page holds the table. */
const PROBLEMI_VERTICALE = 10;
/** Beyond this many problems the table uses the smallest type. */
const PROBLEMI_SCRIPTSIZE = 24;
/** Text width of an A4 page with 12 mm margins, in mm. */
const LARGHEZZA = { verticale: 186, orizzontale: 273 };
type Impaginazione = { corpo: string; tabcolsep: number; problema: number; testi: number[] };

/**
 * Type size and column widths (mm) so that the table fits across the page:
 * a problem's column holds a joker's '-120J' at that size; what is left goes
 * to team, school, city and venue, which wrap on more lines when long.
 */
function impagina(n: number, larghezza: number): Impaginazione {
  const [corpo, tabcolsep, problema, fisse] =
    n <= PROBLEMI_VERTICALE
      ? (['\\footnotesize', 2, 9, 30] as const)
      : n <= PROBLEMI_SCRIPTSIZE
        ? (['\\scriptsize', 2, 7.6, 26] as const)
        : (['\\tiny', 1, 4.8, 20] as const);
  // Space either side of every column: 1 pt = 0.3515 mm.
  const separatore = 2 * tabcolsep * 0.3515;
  // Position, guest and total (fisse), the problems, the text columns' separators, a margin.
  const resto = larghezza - fisse - n * problema - 4 * separatore - 8;
  const testi = [0.3, 0.34, 0.18, 0.18].map((q) => Math.max(8, Math.floor(resto * q)));
  return { corpo, tabcolsep, problema: problema - separatore, testi };
}

const preambolo = (orizzontale: boolean) => String.raw`\documentclass[a4paper,10pt]{article}
\IfFileExists{lmodern.sty}{\usepackage[T1]{fontenc}\usepackage{lmodern}}{}
\usepackage[utf8]{inputenc}
\usepackage[italian]{babel}
\usepackage[a4paper,${orizzontale ? 'landscape,' : ''}margin=12mm]{geometry}
\usepackage{longtable}
\usepackage{array}
\setlength{\parindent}{0pt}
\renewcommand{\arraystretch}{1.15}
\pagestyle{plain}
\sloppy
`;

function cella(r: RigaClassifica, i: number): string {
  const punti = String(r.punti[i]);
  return r.jolly === i ? `\\textbf{${punti}}\\textsuperscript{J}` : punti;
}

function orario(c: Classifica): string {
  const ora = (d: Date) => dataOraRoma(d).split(' alle ore ')[1]!;
  const stessoGiorno = giornoRoma(c.inizio) === giornoRoma(c.fine);
  return stessoGiorno
    ? `Gara del ${giornoRoma(c.inizio)}, dalle ${ora(c.inizio)} alle ${ora(c.fine)} (ora italiana)`
    : `Gara dal ${dataOraRoma(c.inizio)} al ${dataOraRoma(c.fine)} (ora italiana)`;
}

/** A header cell of this width, wrapped when the name is longer. */
const testataDi = (nome: string, mm: number) =>
  `\\parbox[b]{${mm}mm}{\\centering\\bfseries ${t(nome)}}`;

function sezione(c: Classifica, larghezza: number): string {
  const n = c.problemi.length;
  const { corpo, tabcolsep, problema, testi } = impagina(n, larghezza);
  // Position, team, school, city, venue, guest, total, problems.
  const testo = testi.map((w) => `>{\\raggedright}p{${w}mm}`).join('');
  const colonne = `r${testo}cr${'r'.repeat(n)}`;
  // 'Pos.' and 'Osp.' keep the narrow columns narrow; the legend says what they are.
  const testata = [
    '\\textbf{Pos.}',
    ...INTESTAZIONE.slice(1, 5).map((h) => `\\textbf{${t(h)}}`),
    '\\textbf{Osp.}',
    `\\textbf{${INTESTAZIONE[6]}}`,
    ...c.problemi.map((p) => testataDi(p.nome, problema)),
  ].join(' & ');
  const righe = c.righe.map((r) =>
    [
      r.posizione === null ? '' : String(r.posizione),
      t(r.nome),
      t(r.scuola),
      t(r.citta),
      t(r.polo),
      r.ospite ? 'sì' : '',
      `\\textbf{${r.totale}}`,
      ...r.punti.map((_, i) => cella(r, i)),
    ].join(' & '),
  );
  const sessione = c.polo ? `${t(c.sessione)} -- ${t(c.polo)}` : t(c.sessione);
  return String.raw`{\Large\bfseries ${t(c.evento)}\par}
\vspace{1mm}
{\large ${sessione}\par}
\vspace{1mm}
${t(orario(c))}\par
\vspace{2mm}
{\large\bfseries ${titoloClassifica(c)}}\hfill{\small Calcolata il ${t(dataOraRoma(c.ora))}}\par
\vspace{2mm}
{${corpo}\setlength{\tabcolsep}{${tabcolsep}pt}
\begin{longtable}{${colonne}}
\hline
${testata} \\
\hline
\endhead
\hline
\endfoot
${righe.length > 0 ? righe.join(' \\\\\n') + ' \\\\' : `\\multicolumn{${7 + n}}{l}{Nessuna squadra.} \\\\`}
\end{longtable}}
{\footnotesize Pos.: posizione; Osp.: squadra ospite (fuori classifica, senza posizione). \textbf{J}: problema jolly (punti raddoppiati). Le penalità sono già tolte dal totale.\par}
`;
}

/** The whole document: a section per ranking, each from a new page. */
export function classificheLatex(classifiche: readonly Classifica[]): string {
  const orizzontale = classifiche.some((c) => c.problemi.length > PROBLEMI_VERTICALE);
  const larghezza = orizzontale ? LARGHEZZA.orizzontale : LARGHEZZA.verticale;
  const corpo = classifiche.map((c) => sezione(c, larghezza)).join('\n\\newpage\n');
  return `${preambolo(orizzontale)}\\begin{document}\n${corpo || 'Nessuna sessione.'}\n\\end{document}\n`;
}
