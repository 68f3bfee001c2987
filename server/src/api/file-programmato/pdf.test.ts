import { describe, expect, it } from 'vitest';
import { inlineDisposition, safeFileName } from './pdf';

describe('safeFileName: what is stored and sent back as the name of an upload', () => {
  it.each([
    ['testo.pdf', 'testo.pdf'],
    ['C:\\Users\\me\\gara 2025.pdf', 'gara 2025.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['"quoted".pdf', 'quoted.pdf'],
    ['a\u0000b\u001fc\u007f.pdf', 'abc.pdf'],
    // Right-to-left override: shown as "testo-exe.pdf", it is an .exe.
    ['testo-\u202Efdp.exe', 'testo-fdp.exe'],
    ['\u202A\u202B\u202C\u202D\u202Ex.pdf', 'x.pdf'],
    ['\u2066\u2067\u2068\u2069x.pdf', 'x.pdf'],
    ['\u200Ex\u200F.pdf', 'x.pdf'],
    ['zero\u200Bwidth\uFEFF.pdf', 'zerowidth.pdf'],
    ['riga\u2028nuova\u2029.pdf', 'riganuova.pdf'],
    ['soluzioni è già ok – π.pdf', 'soluzioni è già ok – π.pdf'],
    ['\u202E', 'problemi.pdf'],
    ['', 'problemi.pdf'],
    ['..', 'problemi.pdf'],
  ])('%j → %j', (name, stored) => {
    expect(safeFileName(name, 'problemi.pdf')).toBe(stored);
  });

  it('keeps at most 200 characters, never half a character', () => {
    expect(safeFileName('x'.repeat(300), 'f.pdf')).toBe('x'.repeat(200));
    const emoji = safeFileName('x' + '😀'.repeat(300), 'f.pdf');
    expect(Array.from(emoji)).toHaveLength(200);
    // No lone surrogate: every code point is a whole character.
    expect(Array.from(emoji).every((c) => c === 'x' || c === '😀')).toBe(true);
  });

  it('the header names the file without the override', () => {
    const header = inlineDisposition(safeFileName('a\u202Efdp.exe', 'f.pdf'));
    expect(header).toBe('inline; filename="afdp.exe"; filename*=UTF-8\'\'afdp.exe');
  });
});
