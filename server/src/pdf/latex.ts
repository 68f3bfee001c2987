// Text as LaTeX source, for every PDF the server compiles with pdflatex
// (delivery slips, rankings, certificates): names come from users, so every
// character with a meaning in LaTeX is written as text and anything pdflatex
// cannot typeset without extra packages becomes '?', never a failed build.

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
