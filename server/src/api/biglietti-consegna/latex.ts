// The LaTeX source of the delivery slips: for every team of a venue one slip
// per problem plus one for the joker choice, ten to an A4 page, to be cut and
// handed to the team. Each team starts on a page of its own (the pages are
// cut and handed out by team: a page shared by two teams gets mixed up), and
// each answer slip has a field for the unit, filled with the problem's unit
// when the event gives one. Pure functions: the escaping is in pdf/latex.ts and
// the compilation in pdf/pdflatex.ts.
import { escapeLatex, escapeUnit } from '../../pdf/latex';

export type SlipsInput = {
  evento: string;
  sessione: string;
  /** Venues with their teams, in print order. */
  poli: { nome: string; squadre: string[] }[];
  /** Problems (P1..Pn) in order, with the unit of their answer ('' when none is set). */
  problemi: { nome: string; udm: string }[];
};

const SLIPS_PER_ROW = 2;
const ROWS_PER_PAGE = 5;

const PREAMBLE = String.raw`\documentclass[a4paper,11pt]{article}
% Latin Modern in T1: scalable fonts, no bitmap fonts generated at run time.
% Without the lmodern package the default encoding avoids them as well.
\IfFileExists{lmodern.sty}{\usepackage[T1]{fontenc}\usepackage{lmodern}}{}
\usepackage[utf8]{inputenc}
\usepackage[italian]{babel}
\usepackage[margin=1cm]{geometry}
\pagestyle{empty}
\setlength{\parindent}{0pt}
\setlength{\fboxsep}{3mm}
\sloppy
\newcommand{\biglietto}[5]{%
  \fbox{\begin{minipage}[t][4.3cm][t]{0.44\textwidth}
    {\footnotesize #1\par #2\par}
    \vspace{2mm}
    {\large\bfseries #3\par}
    \vspace{1mm}
    {\Large Problema: \textbf{#4}\par}
    \vfill
    #5
  \end{minipage}}}
% #1: the problem's unit, or empty for a blank field the team fills in.
\newcommand{\risposta}[1]{Risposta: \rule{3.2cm}{0.4pt}\,$\times 10^{\rule{0.8cm}{0.4pt}}$\par
    \vspace{3mm}Unità di misura: \ifx&#1&\rule{2.6cm}{0.4pt}\else\textbf{#1}\fi\par
    \vspace{3mm}Ora: \rule{1.6cm}{0.4pt}\hfill Firma: \rule{2.4cm}{0.4pt}}
\newcommand{\jolly}{Problema jolly scelto: \rule{2.4cm}{0.4pt}\par
    \vspace{3mm}Ora: \rule{1.6cm}{0.4pt}\hfill Firma: \rule{2.4cm}{0.4pt}}
`;

/** One team's slips: one per problem, then the joker's. */
function slipsOfTeam(evento: string, luogo: string, nome: string, input: SlipsInput): string[] {
  const squadra = escapeLatex(nome);
  const slips = input.problemi.map(
    (p) =>
      `\\biglietto{${evento}}{${luogo}}{${squadra}}{${escapeLatex(p.nome)}}{\\risposta{${escapeUnit(p.udm)}}}`,
  );
  slips.push(`\\biglietto{${evento}}{${luogo}}{${squadra}}{Jolly}{\\jolly}`);
  return slips;
}

/** Slips two to a row, ten to a page (no page break after the last). */
function layout(slips: string[]): string[] {
  const body: string[] = [];
  slips.forEach((slip, i) => {
    body.push(slip);
    const last = i === slips.length - 1;
    if ((i + 1) % SLIPS_PER_ROW !== 0 && !last) {
      body.push('\\hfill');
      return;
    }
    if (last) return;
    const endOfPage = (i + 1) % (SLIPS_PER_ROW * ROWS_PER_PAGE) === 0;
    body.push(endOfPage ? '\\newpage' : '\\par\\vspace{2mm}');
  });
  return body;
}

/** The whole document: one slip per team and problem, plus a joker slip per team. */
export function bigliettiSource(input: SlipsInput): string {
  const evento = escapeLatex(input.evento);
  const teams: string[][] = [];
  for (const polo of input.poli) {
    const luogo = `${escapeLatex(input.sessione)} -- ${escapeLatex(polo.nome)}`;
    for (const nome of polo.squadre) teams.push(layout(slipsOfTeam(evento, luogo, nome, input)));
  }
  // Every team from the top of a new page.
  const body = teams.map((t) => t.join('\n')).join('\n\\newpage\n');
  return `${PREAMBLE}\\begin{document}\n${body || 'Nessun bigliettino da stampare.'}\n\\end{document}\n`;
}
