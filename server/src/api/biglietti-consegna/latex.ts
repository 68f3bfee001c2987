// The LaTeX source of the delivery slips: for every team of a venue one slip
// per problem plus one for the joker choice, ten to an A4 page, to be cut and
// handed to the team. Each team starts on a page of its own (the pages are
// cut and handed out by team: a page shared by two teams gets mixed up), and
// each answer slip has a field for the unit, filled with the problem's unit
// when the event gives one. Pure functions: the compilation is in pdflatex.ts.

/** Characters with a meaning in LaTeX, written as text. */
const SPECIALI: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // Outside the T1 encoding these would print as other glyphs (¡, ¿, —).
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  // Babel shorthands and ligatures (``, '', !`, ?`, --) must not combine.
  '"': "{''}",
  '`': '{`}',
  "'": "{'}",
  '-': '-{}',
  '!': '!{}',
  '?': '?{}',
  '[': '{[}',
  ']': '{]}',
  // Typographic punctuation that pasted names often carry.
  '\u2018': '{`}',
  '\u2019': "{'}",
  '\u201c': '{``}',
  '\u201d': "{''}",
  '\u2013': '--{}',
  '\u2014': '---{}',
  '\u2026': '\\ldots{}',
  '\u00a0': '~',
  // Signs of units of measure (m/s², °C, µF, Ω).
  '\u00b2': '\\textsuperscript{2}',
  '\u00b3': '\\textsuperscript{3}',
  '\u00b9': '\\textsuperscript{1}',
  '\u207b': '\\textsuperscript{-}',
  '\u00b0': '\\textdegree{}',
  '\u00b5': '\\textmu{}',
  '\u03bc': '\\textmu{}',
  '\u03a9': '\\ensuremath{\\Omega}',
  '\u2126': '\\ensuremath{\\Omega}',
  '\u00b7': '\\textperiodcentered{}',
  '\u22c5': '\\textperiodcentered{}',
  '\u00d7': '\\ensuremath{\\times}',
};

/**
 * What pdflatex reads as UTF-8 text without extra packages: ASCII, Latin-1
 * and Latin Extended-A letters. Anything else (emoji, other scripts) would stop
 * the compilation, so it becomes '?'.
 */
function printable(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  if (code >= 0x20 && code < 0x7f) return true;
  if (code >= 0xc0 && code <= 0x17f && code !== 0xd7 && code !== 0xf7) return true;
  return false;
}

/** Text as LaTeX source that typesets exactly that text. */
export function escapeLatex(text: string): string {
  let out = '';
  for (const ch of text) {
    const special = SPECIALI[ch];
    if (special !== undefined) out += special;
    else if (/\s/u.test(ch)) out += ' ';
    else if (printable(ch)) out += ch;
    else out += '?';
  }
  return out;
}

/** A unit of measure as LaTeX: as escapeLatex, with the exponents of 'm/s^2' raised. */
export function escapeUnit(udm: string): string {
  return udm
    .trim()
    .split(/\^(-?\d+)/)
    .map((part, i) => (i % 2 === 1 ? `\\textsuperscript{${part}}` : escapeLatex(part)))
    .join('');
}

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
