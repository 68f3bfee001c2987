// The certificates as the LaTeX source of an A4 PDF, a page per team: the
// logo and the signature from the site settings (`attestati`, when set),
// the team, its school and members as stored, the event, session and date,
// and the position and score, or a participation line for a guest team
// (guests have no position, as on the scores page).
import type { AttestatiImpostazione } from '@gas/contracts';
import { escapeLatex as t } from '../pdf/latex';
import { giornoRoma } from './righe';

export type Attestato = {
  squadra: string;
  scuola: string | null;
  citta: string | null;
  componenti: readonly string[];
  ospite: boolean;
  posizione: number | null;
  totale: number;
  /** Teams ranked in the session (guests excluded): '3ª su 42 squadre'. */
  classificate: number;
};

export type AttestatiInput = {
  evento: string;
  sessione: string;
  inizio: Date;
  attestati: readonly Attestato[];
  impostazioni: AttestatiImpostazione | null;
  /** The logo's file name next to the source (see logoFile), or null. */
  logo: string | null;
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The logo of the settings as a file pdflatex includes: its name and bytes (null: none, or not an image). */
export function logoFile(
  impostazioni: AttestatiImpostazione | null,
): { nome: string; bytes: Buffer } | null {
  const match = impostazioni?.logo?.match(/^data:image\/(png|jpeg);base64,(.+)$/);
  if (!match) return null;
  const bytes = Buffer.from(match[2]!, 'base64');
  // Only bytes that are what they say: anything else would stop pdflatex,
  // and a certificate without the logo is better than no certificate.
  const firma = match[1] === 'png' ? PNG : JPEG;
  if (!bytes.subarray(0, firma.length).equals(firma)) return null;
  return { nome: match[1] === 'png' ? 'logo.png' : 'logo.jpg', bytes };
}

const PREAMBOLO = String.raw`\documentclass[a4paper,12pt]{article}
\IfFileExists{lmodern.sty}{\usepackage[T1]{fontenc}\usepackage{lmodern}}{}
\usepackage[utf8]{inputenc}
\usepackage[italian]{babel}
\usepackage[a4paper,margin=25mm]{geometry}
\usepackage{graphicx}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\sloppy
`;

function pagina(a: Attestato, input: AttestatiInput): string {
  const esito =
    a.ospite || a.posizione === null
      ? 'ha partecipato alla gara come squadra ospite, fuori classifica.'
      : `si è classificata in \\textbf{posizione ${a.posizione}} su ${a.classificate} squadre con \\textbf{${a.totale} punti}.`;
  const scuola = [a.scuola, a.citta]
    .filter((x): x is string => !!x)
    .map(t)
    .join(', ');
  const componenti =
    a.componenti.length > 0
      ? `{\\large composta da ${a.componenti.map(t).join(', ')}\\par}\n\\vspace{8mm}`
      : '';
  const firma = input.impostazioni?.firma || input.impostazioni?.firmatario;
  return String.raw`\begin{center}
${input.logo ? `\\includegraphics[height=30mm,keepaspectratio]{${input.logo}}\\par\\vspace{10mm}` : '\\vspace{20mm}'}
{\Huge\bfseries Attestato di partecipazione\par}
\vspace{15mm}
{\large Si attesta che la squadra\par}
\vspace{6mm}
{\LARGE\bfseries ${t(a.squadra)}\par}
\vspace{4mm}
${scuola ? `{\\large ${scuola}\\par}\n\\vspace{4mm}` : ''}
${componenti}
{\large ha preso parte alla\par}
\vspace{4mm}
{\Large\bfseries ${t(input.evento)}\par}
\vspace{2mm}
{\large ${t(input.sessione)} -- ${t(giornoRoma(input.inizio))}\par}
\vspace{10mm}
{\large e ${esito}\par}
\end{center}
\vfill
${
  firma
    ? String.raw`\hfill\begin{minipage}{75mm}\centering
${input.impostazioni?.firmatario ? `${t(input.impostazioni.firmatario)}\\par\\vspace{14mm}` : '\\vspace{14mm}'}
\rule{70mm}{0.4pt}\par
{\small ${t(input.impostazioni?.firma ?? '')}\par}
\end{minipage}`
    : ''
}
`;
}

/** The whole document: a page per team. */
export function attestatiLatex(input: AttestatiInput): string {
  const corpo = input.attestati.map((a) => pagina(a, input)).join('\n\\newpage\n');
  return `${PREAMBOLO}\\begin{document}\n${corpo || 'Nessun attestato.'}\n\\end{document}\n`;
}
