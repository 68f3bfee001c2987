import { describe, expect, it } from 'vitest';
import { testoCsv } from './csv';

describe('testoCsv', () => {
  it('neutralises text that would start a formula, quotes what needs it, keeps numbers', () => {
    expect(
      testoCsv(
        ['nome', 'n', 'ok'],
        [
          ['=HYPERLINK("http://x")', -3.5, true],
          ['-2+3', -7, false],
          ['a,b', 0, null],
          ['Liceo\r=1+1', 1, undefined],
          ['Liceo Galilei', 12, true],
        ],
      ),
    ).toBe(
      [
        'nome,n,ok',
        `"'=HYPERLINK(""http://x"")",-3.5,true`,
        "'-2+3,-7,false",
        '"a,b",0,',
        '"Liceo\r=1+1",1,',
        'Liceo Galilei,12,true',
        '',
      ].join('\n'),
    );
  });
});
