// Names for the demo teams and their members.
import type { Random } from './random';

const list = (text: string) => text.split(',').map((item) => item.trim());

const PARTICELLE = list(`
  Quark, Bosoni, Fotoni, Neutrini, Gluoni, Muoni, Pioni, Positroni, Elettroni, Fermioni,
  Protoni, Neutroni, Tachioni, Gravitoni, Leptoni, Adroni, Mesoni, Barioni, Vettori,
  Tensori, Fononi, Solitoni
`);
const AGGETTIVI = list(`
  Incantati, Ribelli, Stanchi, Strani, Felici, Relativistici, Caotici, Virtuali,
  Quantistici, Ostinati, Curiosi, Distratti, Rotanti, Oscillanti, Instabili, Eccitati,
  Polarizzati, Coerenti, Dispersi, Adiabatici, Entropici
`);
const NOMI = list(`
  Alessandro, Andrea, Anna, Beatrice, Chiara, Davide, Elena, Emma, Federico, Francesca,
  Gabriele, Giorgia, Giulia, Leonardo, Lorenzo, Luca, Marco, Martina, Matteo, Mattia,
  Nicola, Pietro, Riccardo, Sara, Sofia, Tommaso, Valentina, Vittoria, Edoardo, Irene,
  Greta, Samuele
`);
const COGNOMI = list(`
  Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno,
  Gallo, Conti, De Luca, Mancini, Costa, Giordano, Rizzo, Lombardi, Moretti, Barbieri,
  Fontana, Santoro, Mariani, Rinaldi, Caruso, Ferrara, Galli, Martini, Leone, Longo,
  Gentile, Martinelli, Vitale
`);

/** Distinct team names ("Quark Incantati", ...), in a shuffled order. */
export function nomiSquadre(random: Random): string[] {
  const all = PARTICELLE.flatMap((particella) => AGGETTIVI.map((a) => `${particella} ${a}`));
  return random.shuffle(all);
}

export function persona(random: Random): string {
  return `${random.pick(NOMI)} ${random.pick(COGNOMI)}`;
}
