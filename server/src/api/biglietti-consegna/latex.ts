// The LaTeX source of the delivery slips: for every team of a venue one slip
// per problem plus one for the joker choice, ten to an A4 page, to be cut and
// handed to the team. Pure functions: the compilation is in pdflatex.ts.

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

export type SlipsInput = {
  evento: string;
  sessione: string;
  /** Venues with their teams, in print order. */
  poli: { nome: string; squadre: string[] }[];
  /** Problem names (P1..Pn) in order. */
  problemi: string[];
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
\newcommand{\risposta}{Risposta: \rule{3.6cm}{0.4pt}\,$\times 10^{\rule{0.8cm}{0.4pt}}$\par
    \vspace{3mm}Ora: \rule{1.6cm}{0.4pt}\hfill Firma: \rule{2.4cm}{0.4pt}}
\newcommand{\jolly}{Problema jolly scelto: \rule{2.4cm}{0.4pt}\par
    \vspace{3mm}Ora: \rule{1.6cm}{0.4pt}\hfill Firma: \rule{2.4cm}{0.4pt}}
`;

/** The whole document: one slip per team and problem, plus a joker slip per team. */
export function bigliettiSource(input: SlipsInput): string {
  const evento = escapeLatex(input.evento);
  const slips: string[] = [];
  for (const polo of input.poli) {
    const luogo = `${escapeLatex(input.sessione)} -- ${escapeLatex(polo.nome)}`;
    for (const nome of polo.squadre) {
      const squadra = escapeLatex(nome);
      for (const problema of input.problemi) {
        slips.push(
          `\\biglietto{${evento}}{${luogo}}{${squadra}}{${escapeLatex(problema)}}{\\risposta}`,
        );
      }
      slips.push(`\\biglietto{${evento}}{${luogo}}{${squadra}}{Jolly}{\\jolly}`);
    }
  }
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
  if (slips.length === 0) body.push('Nessun bigliettino da stampare.');
  return `${PREAMBLE}\\begin{document}\n${body.join('\n')}\n\\end{document}\n`;
}
