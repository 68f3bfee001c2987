// Problem sets of the demo events: solution = soluzione × 10^soluzione_exp,
// with a unit and a relative tolerance (intervallo_validita).
import type { NewProblema } from '../../db/schema';

// One problem per line: soluzione | soluzione_exp | udm | intervallo_validita.
const NAZIONALE = `
2.998 | 8 | m/s | 0.005
9.81 | 0 | m/s^2 | 0.005
6.02 | 23 | | 0.005
1.602 | -19 | C | 0.001
2.73 | 0 | K | 0.01
4.186 | 3 | J | 0.005
1.013 | 5 | Pa | 0.005
3.83 | 26 | W | 0.02
-1.36 | 1 | eV | 0.005
5.67 | -8 | W/(m^2 K^4) | 0.005
1.23 | 3 | N | 0.005
4.4 | 2 | Hz | 0.005
7.29 | -5 | rad/s | 0.01
3.7 | -1 | J | 0.005
8.85 | -12 | F/m | 0.005
1.26 | 1 | m | 0.005
2.45 | 6 | J/kg | 0.02
6.67 | -11 | N m^2/kg^2 | 0.005
1.5 | 11 | m | 0.005
3.56 | 2 | K | 0.005
`;

const ALLENAMENTO = `
1.48 | 1 | m/s | 0.005
3.2 | 2 | J | 0.005
2.5 | -3 | s | 0.005
7.5 | 1 | % | 0.01
1.1 | 4 | Pa | 0.005
4.9 | 0 | m | 0.005
6.3 | -2 | T | 0.005
2.2 | 5 | W | 0.02
-3.4 | 0 | K | 0.005
9.1 | -31 | kg | 0.005
5.0 | 14 | Hz | 0.005
1.05 | 0 | | 0.005
3.0 | 1 | ° | 0.01
8.2 | -1 | J | 0.005
1.67 | -27 | kg | 0.001
4.0 | 3 | N | 0.005
2.9 | -3 | m K | 0.005
1.2 | 2 | V | 0.005
6.4 | 6 | m | 0.005
3.3 | -7 | m | 0.005
`;

const APERTO = `
2.0 | 1 | m/s | 0.005
4.5 | 2 | J | 0.005
1.25 | -1 | s | 0.01
3.3 | 0 | Ω | 0.005
7.0 | 5 | Pa | 0.005
1.8 | 3 | K | 0.005
5.5 | -4 | T | 0.005
9.0 | 0 | N | 0.005
`;

export type ProblemaDemo = Omit<NewProblema, 'eventoId'>;

function parse(text: string): ProblemaDemo[] {
  return text
    .trim()
    .split('\n')
    .map((line, index) => {
      const [soluzione, exp, udm, tolleranza] = line.split('|').map((cell) => cell.trim());
      return {
        nome: `P${index + 1}`,
        ordine: index + 1,
        soluzione: Number(soluzione),
        soluzioneExp: Number(exp),
        udmSoluzione: udm ?? '',
        intervalloValidita: Number(tolleranza),
      };
    });
}

/** 20 problems of the upcoming national event. */
export const PROBLEMI_NAZIONALE = parse(NAZIONALE);
/** 20 problems of the concluded official event. */
export const PROBLEMI_ALLENAMENTO = parse(ALLENAMENTO);
/** 8 problems of the public training event. */
export const PROBLEMI_APERTO = parse(APERTO);

/**
 * The answer check of spec §5: with p the tolerance, a non-negative solution
 * accepts values from s/(1+p) to s*(1+p); a negative one the mirrored range.
 */
export function rispostaCorretta(
  problema: Pick<ProblemaDemo, 'soluzione' | 'soluzioneExp' | 'intervalloValidita'>,
  valore: string,
  valoreExp: number,
): boolean {
  const value = Number(valore) * 10 ** valoreExp;
  const solution = (problema.soluzione ?? 0) * 10 ** (problema.soluzioneExp ?? 0);
  const p = problema.intervalloValidita ?? 0.005;
  if (!Number.isFinite(value)) return false;
  const [low, high] =
    solution >= 0
      ? [solution / (1 + p), solution * (1 + p)]
      : [solution * (1 + p), solution / (1 + p)];
  return value >= low && value <= high;
}
