// LaTeX escaping of team names and the slips document, compiled for real by
// the system's pdflatex (installed by .ci/run).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { giornoRoma } from '../../gara/giorno-gara';
import { escapeLatex, escapeUnit } from '../../pdf/latex';
import { bigliettiSource } from './latex';
import { compileLatex, hasExecutable, PDFLATEX_MANCANTE } from '../../pdf/pdflatex';

const NASTY = 'Fermi & Co. 100% $ #1 _x_ {a} ~ ^ \\ <i> | "q" `b` -- ?` è ñ';

const hasPdflatex = (() => {
  try {
    execFileSync('pdflatex', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('escapeLatex', () => {
  it.each([
    ['&', '\\&'],
    ['%', '\\%'],
    ['$', '\\$'],
    ['#', '\\#'],
    ['_', '\\_'],
    ['{', '\\{'],
    ['}', '\\}'],
    ['~', '\\textasciitilde{}'],
    ['^', '\\textasciicircum{}'],
    ['\\', '\\textbackslash{}'],
  ])('%s is written as %s', (ch, expected) => {
    expect(escapeLatex(`a${ch}b`)).toBe(`a${expected}b`);
  });

  it('leaves letters, digits and Italian accents alone', () => {
    expect(escapeLatex('Liceo Galilei 3B è città')).toBe('Liceo Galilei 3B è città');
  });

  it('turns what pdflatex cannot print into ?, and line breaks into spaces', () => {
    expect(escapeLatex('a\u{1F600}b\u4e2dc')).toBe('a?b?c');
    expect(escapeLatex('a\nb\tc')).toBe('a b c');
  });

  it('leaves no unescaped special character behind', () => {
    const out = escapeLatex(NASTY);
    // Remove the escapes themselves: what is left has no active characters.
    const stripped = out
      .replace(
        /\\(textbackslash|textasciitilde|textasciicircum|textless|textgreater|textbar)\{\}/g,
        '',
      )
      .replace(/\\[&%$#_{}]/g, '')
      .replace(/\{[`'[\]]+\}|\{\}/g, '');
    expect(stripped).not.toMatch(/[&%$#_{}~^\\]/);
  });
});

describe('bigliettiSource', () => {
  const input = {
    evento: 'Gara & prova',
    sessione: 'Sessione_1',
    poli: [{ nome: 'Polo #1', squadre: ['A&B', 'C%D'] }],
    problemi: [
      { nome: 'P1', udm: 'm/s^2' },
      { nome: 'P2', udm: '' },
      { nome: 'P3', udm: 'µF' },
    ],
  };

  it('has one slip per team and problem plus one joker slip per team', () => {
    const source = bigliettiSource(input);
    expect(source.match(/\\biglietto\{/g)).toHaveLength(2 * (3 + 1));
    expect(source).toContain('{A\\&B}{P2}');
    expect(source).toContain('{C\\%D}{Jolly}{\\jolly}');
    expect(source).toContain('Gara \\& prova');
    expect(source).toContain('Polo \\#1');
  });

  it('loads Latin Modern in T1 and Italian babel', () => {
    const source = bigliettiSource(input);
    expect(source).toContain('\\usepackage[T1]{fontenc}\\usepackage{lmodern}');
    expect(source).toContain('\\usepackage[italian]{babel}');
  });

  /** The document's pages, each as the list of the teams whose slips it holds. */
  const pagine = (source: string) =>
    source
      .slice(source.indexOf('\\begin{document}'))
      .split('\\newpage')
      .map((page) => [
        ...new Set(
          [...page.matchAll(/\\biglietto\{[^}]*\}\{[^}]*\}\{([^}]*)\}/g)].map((m) => m[1]),
        ),
      ]);

  it('starts every team on a new page, ten slips to a page', () => {
    // 4 slips a team: before, teams shared a page (A, B and C on the first).
    const many = { ...input, poli: [{ nome: 'X', squadre: ['A', 'B', 'C', 'D', 'E'] }] };
    expect(pagine(bigliettiSource(many))).toEqual([['A'], ['B'], ['C'], ['D'], ['E']]);
    // 12 problems + the joker: 13 slips, 10 on the first page, 3 on the second.
    const lunga = {
      ...input,
      poli: [
        { nome: 'X', squadre: ['A'] },
        { nome: 'Y', squadre: ['B'] },
      ],
      problemi: Array.from({ length: 12 }, (_, i) => ({ nome: `P${i + 1}`, udm: '' })),
    };
    const source = bigliettiSource(lunga);
    expect(pagine(source)).toEqual([['A'], ['A'], ['B'], ['B']]);
    expect(source.split('\\newpage')[1]!.match(/\\biglietto\{/g)).toHaveLength(3);
  });

  it('gives every answer slip a field for the unit, with the problem’s unit when set', () => {
    const source = bigliettiSource(input);
    expect(source).toContain('{A\\&B}{P1}{\\risposta{m/s\\textsuperscript{2}}}');
    expect(source).toContain('{A\\&B}{P2}{\\risposta{}}');
    expect(source).toContain('{A\\&B}{P3}{\\risposta{\\textmu{}F}}');
    expect(source).toMatch(/\\newcommand\{\\risposta\}\[1\]\{.*Unità di misura:/s);
  });
});

describe('escapeUnit', () => {
  it.each([
    ['m/s^2', 'm/s\\textsuperscript{2}'],
    ['W/(m^2 K^4)', 'W/(m\\textsuperscript{2} K\\textsuperscript{4})'],
    ['s^-1', 's\\textsuperscript{-1}'],
    ['°C', '\\textdegree{}C'],
    ['Ω', '\\ensuremath{\\Omega}'],
    ['m²', 'm\\textsuperscript{2}'],
    [' % ', '\\%'],
  ])('%s is written as %s', (udm, expected) => {
    expect(escapeUnit(udm)).toBe(expected);
  });
});

describe('giornoRoma', () => {
  it('is the calendar day in Rome, also across midnight UTC and DST changes', () => {
    // 23:30 UTC on 14 April 2026 is already 15 April in Rome (UTC+2).
    const day = giornoRoma(new Date('2026-04-14T23:30:00Z'));
    expect(day.inizio.toISOString()).toBe('2026-04-14T22:00:00.000Z');
    expect(day.fine.toISOString()).toBe('2026-04-15T22:00:00.000Z');
    // 29 March 2026: the clocks go forward, the day lasts 23 hours.
    const dst = giornoRoma(new Date('2026-03-29T12:00:00Z'));
    expect(dst.inizio.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dst.fine.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // 25 October 2026: the clocks go back, the day lasts 25 hours.
    const back = giornoRoma(new Date('2026-10-25T12:00:00Z'));
    expect(back.inizio.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(back.fine.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    // The last day of a month ends at the next month's first.
    const end = giornoRoma(new Date('2026-12-31T12:00:00Z'));
    expect(end.fine.toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });
});

describe.skipIf(!hasPdflatex)('pdflatex', () => {
  it('compiles slips of teams with every special character into a PDF', async () => {
    const source = bigliettiSource({
      evento: 'Gara di prova: 50% & più',
      sessione: 'Sessione {unica}',
      poli: [{ nome: 'Polo di Pisa_1', squadre: [NASTY, 'Squadra ~ ^ \\ # $'] }],
      problemi: [
        { nome: 'P1', udm: 'W/(m^2 K^4)' },
        { nome: 'P2', udm: '' },
        { nome: 'P3', udm: '°C µF Ω m² · ×' },
      ],
    });
    const result = await compileLatex(source);
    expect(result.log).not.toMatch(/^! /m);
    expect(result.log).not.toMatch(/Missing character/);
    expect(result.ok).toBe(true);
    // Two teams of 4 slips: a page each.
    expect(result.log).toMatch(/Output written on \S+ \(2 pages/);
    expect(result.pdf!.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // No bitmap fonts: every font is scalable (Type 1).
    expect(result.log).not.toContain('mktexpk');
  });

  it('reports a broken source with its log and no PDF', async () => {
    const result = await compileLatex('\\documentclass{article}\\begin{document}\\undefined\n');
    expect(result.ok).toBe(false);
    expect(result.pdf).toBeNull();
    expect(result.log).toContain('Undefined control sequence');
  });

  it('kills a compilation that runs too long', async () => {
    const loop = '\\documentclass{article}\\begin{document}\\def\\x{\\x}\\x\\end{document}\n';
    const started = Date.now();
    const result = await compileLatex(loop, { timeoutMs: 1500 });
    expect(result.ok).toBe(false);
    expect(result.log).toContain('Compilazione interrotta');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('a missing pdflatex', () => {
  it('is told in Italian, naming the Debian packages, not as spawn ENOENT', async () => {
    await expect(compileLatex('x', { command: '/nonexistent/pdflatex' })).rejects.toThrow(
      PDFLATEX_MANCANTE,
    );
    expect(PDFLATEX_MANCANTE).toMatch(/^Per i PDF serve pdflatex: installare i pacchetti Debian /);
  });

  it('is found on PATH only when an executable is there', () => {
    expect(hasExecutable('pdflatex', '/nonexistent:/also-missing')).toBe(false);
    expect(hasExecutable('sh', '/nonexistent:/bin:/usr/bin')).toBe(true);
    expect(hasExecutable('/bin/sh')).toBe(true);
    expect(hasExecutable('/nonexistent/pdflatex')).toBe(false);
  });
});
