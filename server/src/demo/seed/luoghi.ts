// Places of the demo: the Italian regions, real cities with their coordinates
// and real schools of those cities (addresses as commonly listed; the school
// coordinates are the city's, shifted by a few hundred metres). Guest teams
// come from abroad (Lugano).
import type { TipologiaScuola } from '../../db/schema';

export const PAESI = [
  { nome: 'Italia', codice: 'IT' },
  { nome: 'Svizzera', codice: 'CH' },
  { nome: 'San Marino', codice: 'SM' },
  { nome: 'Slovenia', codice: 'SI' },
] as const;

export const REGIONI = [
  'Abruzzo',
  'Basilicata',
  'Calabria',
  'Campania',
  'Emilia-Romagna',
  'Friuli-Venezia Giulia',
  'Lazio',
  'Liguria',
  'Lombardia',
  'Marche',
  'Molise',
  'Piemonte',
  'Puglia',
  'Sardegna',
  'Sicilia',
  'Toscana',
  'Trentino-Alto Adige',
  'Umbria',
  "Valle d'Aosta",
  'Veneto',
] as const;

// One city per line: nome | provincia | regione | latitude | longitude ('-' = none).
const CITTA_TABLE = `
Pisa | PI | Toscana | 43.7228 | 10.4017
Firenze | FI | Toscana | 43.7696 | 11.2558
Lucca | LU | Toscana | 43.8429 | 10.5027
Livorno | LI | Toscana | 43.5485 | 10.3106
Milano | MI | Lombardia | 45.4642 | 9.19
Bergamo | BG | Lombardia | 45.6983 | 9.6773
Brescia | BS | Lombardia | 45.5416 | 10.2118
Torino | TO | Piemonte | 45.0703 | 7.6869
Aosta | AO | Valle d'Aosta | 45.737 | 7.3201
Genova | GE | Liguria | 44.4056 | 8.9463
Roma | RM | Lazio | 41.9028 | 12.4964
Napoli | NA | Campania | 40.8518 | 14.2681
Salerno | SA | Campania | 40.6824 | 14.7681
Bari | BA | Puglia | 41.1171 | 16.8719
Lecce | LE | Puglia | 40.3515 | 18.175
Palermo | PA | Sicilia | 38.1157 | 13.3615
Catania | CT | Sicilia | 37.5079 | 15.083
Bologna | BO | Emilia-Romagna | 44.4949 | 11.3426
Modena | MO | Emilia-Romagna | 44.6471 | 10.9252
Trieste | TS | Friuli-Venezia Giulia | 45.6495 | 13.7768
Udine | UD | Friuli-Venezia Giulia | 46.0711 | 13.2346
Cagliari | CA | Sardegna | 39.2238 | 9.1217
Padova | PD | Veneto | 45.4064 | 11.8768
Verona | VR | Veneto | 45.4384 | 10.9916
Venezia | VE | Veneto | 45.4408 | 12.3155
Trento | TN | Trentino-Alto Adige | 46.0748 | 11.1217
Perugia | PG | Umbria | 43.1107 | 12.3908
Ancona | AN | Marche | 43.6158 | 13.5189
Senigallia | AN | Marche | 43.7147 | 13.2181
Pescara | PE | Abruzzo | 42.4618 | 14.2161
Cosenza | CS | Calabria | 39.2983 | 16.2537
Potenza | PZ | Basilicata | 40.6404 | 15.8056
Campobasso | CB | Molise | 41.5603 | 14.6627
Varese | VA | Lombardia | 45.8206 | 8.8251
Lugano | - | - | 46.0037 | 8.9511
`;

// One school per line: key | tipologia | città | nome | indirizzo.
// The first three belong to the demo account `principale`, `copernico` to `docente`.
const SCUOLE_TABLE = `
dini | LS | Pisa | Liceo Scientifico "Ulisse Dini" | Via Benedetto Croce, 36
buonarroti | LL | Pisa | Liceo "Filippo Buonarroti" | Via di Pratale, 129
davinci-pi | ITT | Pisa | ITI "Leonardo da Vinci" | Via Contessa Matilde, 74
copernico | LS | Bologna | Liceo Scientifico "Niccolò Copernico" | Via Francesco Garavaglia, 11
galilei-pi | LC | Pisa | Liceo Classico "Galileo Galilei" | Via Benedetto Croce, 32
davinci-fi | LS | Firenze | Liceo Scientifico "Leonardo da Vinci" | Via del Terzolle, 91
michelangiolo | LC | Firenze | Liceo Classico "Michelangiolo" | Via della Colonna, 9
vallisneri | LS | Lucca | Liceo Scientifico "Antonio Vallisneri" | Via delle Rose, 68
enriques | LS | Livorno | Liceo Scientifico "Federigo Enriques" | Via della Bassata, 19
volta | LS | Milano | Liceo Scientifico "Alessandro Volta" | Via Benedetto Marcello, 7
berchet | LC | Milano | Liceo Classico "Giovanni Berchet" | Via della Commenda, 26
tenca | LU | Milano | Liceo "Carlo Tenca" | Bastioni di Porta Volta, 16
brera | LA | Milano | Liceo Artistico di Brera | Via Hajech, 27
lussana | LS | Bergamo | Liceo Scientifico "Filippo Lussana" | Via Angelo Maj, 1
calini | LS | Brescia | Liceo Scientifico "Annibale Calini" | Via Montesuello, 2
ferraris | LS | Torino | Liceo Scientifico "Galileo Ferraris" | Corso Montevecchio, 67
dazeglio | LC | Torino | Liceo Classico "Massimo d'Azeglio" | Via Parini, 8
avogadro | ITT | Torino | ITIS "Amedeo Avogadro" | Corso San Maurizio, 8
berard | IIS | Aosta | Istituto "Édouard Bérard" | Avenue du Conseil des Commis, 36
cassini | LS | Genova | Liceo Scientifico "Gian Domenico Cassini" | Via Galata, 34
doria | LC | Genova | Liceo Classico "Andrea D'Oria" | Via Armando Diaz, 8
tasso | LC | Roma | Liceo Classico "Torquato Tasso" | Via Sicilia, 168
righi-rm | LS | Roma | Liceo Scientifico "Augusto Righi" | Via Campania, 63
mamiani | LC | Roma | Liceo Classico "Terenzio Mamiani" | Viale delle Milizie, 30
galilei-rm | ITT | Roma | ITIS "Galileo Galilei" | Via Conte Verde, 51
sannazaro | LC | Napoli | Liceo Classico "Jacopo Sannazaro" | Via Giacomo Puccini, 12
mercalli | LS | Napoli | Liceo Scientifico "Giuseppe Mercalli" | Via Andrea d'Isernia, 34
righi-na | ITT | Napoli | ITI "Augusto Righi" | Viale Kennedy, 112
genovesi | ITE | Salerno | ITE "Antonio Genovesi" | Via Principessa Sichelgaita, 12
scacchi | LS | Bari | Liceo Scientifico "Arcangelo Scacchi" | Corso Cavour, 241
flacco | LC | Bari | Liceo Classico "Quinto Orazio Flacco" | Via Pizzoli, 46
degiorgi | LS | Lecce | Liceo Scientifico "Cosimo De Giorgi" | Viale Michele De Pietro, 14
galilei-pa | LS | Palermo | Liceo Scientifico "Galileo Galilei" | Via Danimarca, 54
meli | LC | Palermo | Liceo Classico "Giovanni Meli" | Via Salvatore Aldisio, 2
boggio-lera | LS | Catania | Liceo Scientifico "Enrico Boggio Lera" | Via Vittorio Emanuele, 346
galvani | LC | Bologna | Liceo Classico "Luigi Galvani" | Via Castiglione, 38
aldini | IPI | Bologna | Istituto "Aldini Valeriani" | Via Sario Bassanelli, 9
tassoni | LS | Modena | Liceo Scientifico "Alessandro Tassoni" | Viale Jacopo Barozzi, 3
oberdan | LS | Trieste | Liceo Scientifico "Guglielmo Oberdan" | Via Paolo Veronese, 1
petrarca | LC | Trieste | Liceo Classico "Francesco Petrarca" | Via Domenico Rossetti, 74
marinelli | LS | Udine | Liceo Scientifico "Giovanni Marinelli" | Viale Leonardo da Vinci, 13
pacinotti | LS | Cagliari | Liceo Scientifico "Antonio Pacinotti" | Via Liguria, 9
dettori | LC | Cagliari | Liceo Classico "Giovanni Maria Dettori" | Via Giovanni Cugia, 23
fermi-pd | LS | Padova | Liceo Scientifico "Enrico Fermi" | Via San Pio X, 3
titolivio | LC | Padova | Liceo Classico "Tito Livio" | Riviera Tito Livio, 9
messedaglia | LS | Verona | Liceo Scientifico "Angelo Messedaglia" | Via Don Gaspare Bertoni, 3b
marconi-vr | IPS | Verona | IPSIA "Guglielmo Marconi" | Via Rovereto, 1
foscarini | LC | Venezia | Liceo Classico "Marco Foscarini" | Cannaregio, 4942
davinci-tn | LS | Trento | Liceo Scientifico "Leonardo da Vinci" | Via Giuseppe Giusti, 1
prati | LC | Trento | Liceo Classico "Giovanni Prati" | Via SS. Trinità, 38
alessi | LS | Perugia | Liceo Scientifico "Galeazzo Alessi" | Via Ruggero d'Andreotto, 19
savoia | LS | Ancona | Liceo Scientifico "Luigi di Savoia" | Via Vecchini, 7
galilei-pe | LS | Pescara | Liceo Scientifico "Galileo Galilei" | Via Balilla, 34
scorza | LS | Cosenza | Liceo Scientifico "Giovanni Battista Scorza" | Via Nicola Parisio, 2
galilei-pz | LSp | Potenza | Liceo Scientifico Sportivo "Galileo Galilei" | Via Anzio, 4
romita | LM | Campobasso | Liceo Musicale e Coreutico "Alfredo Romita" | Via Facchinetti, 1
cpi-lugano | IO | Lugano | Liceo cantonale di Lugano 1 | Viale Carlo Cattaneo, 4
europea-va | A | Varese | Scuola Europea di Varese | Via Montello, 118
`;

const table = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()));

export type CittaDemo = {
  nome: string;
  provincia: string | null;
  regione: string | null;
  lat: number;
  lon: number;
};

export const CITTA: readonly CittaDemo[] = table(CITTA_TABLE).map(([nome, pv, reg, lat, lon]) => ({
  nome: nome!,
  provincia: pv === '-' ? null : pv!,
  regione: reg === '-' ? null : reg!,
  lat: Number(lat),
  lon: Number(lon),
}));

export type ScuolaDemo = {
  /** Short key used by the other seed modules. */
  key: string;
  tipologia: TipologiaScuola;
  citta: string;
  nome: string;
  indirizzo: string;
};

export const SCUOLE: readonly ScuolaDemo[] = table(SCUOLE_TABLE).map(
  ([key, tipologia, citta, nome, indirizzo]) => ({
    key: key!,
    tipologia: tipologia as TipologiaScuola,
    citta: citta!,
    nome: nome!,
    indirizzo: indirizzo!,
  }),
);

/** Distance in km between two points (haversine). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}
