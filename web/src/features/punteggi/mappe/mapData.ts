// Points of the maps, from the ranking and the teams (pure, tested).
import type { Polo, Squadra } from '@gas/contracts';
import type { LeaderboardEntry } from '@gas/scoring';

type Row = Pick<LeaderboardEntry, 'id' | 'nome' | 'posizione' | 'totale'>;

export interface PlaceGroup {
  key: string;
  lat: number;
  lng: number;
  /** The school's, or its city's when the school has no coordinates. */
  place: string;
  teams: Row[];
}

/** Teams grouped by the coordinates of their school (or its city), in ranking order. */
export function teamPlaces(
  rows: readonly Row[],
  teams: ReadonlyMap<number, Squadra>,
): {
  groups: PlaceGroup[];
  missing: Row[];
} {
  const groups = new Map<string, PlaceGroup>();
  const missing: Row[] = [];
  for (const row of rows) {
    const scuola = teams.get(row.id)?.scuola;
    const ind = scuola?.indirizzo;
    let lat = ind?.latitude ?? null;
    let lng = ind?.longitude ?? null;
    let place = scuola?.nome ?? '';
    if ((lat === null || lng === null) && ind?.citta) {
      lat = ind.citta.latitude;
      lng = ind.citta.longitude;
      place = ind.citta.name ?? ind.citta.nome ?? place;
    }
    if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) {
      missing.push(row);
      continue;
    }
    const key = `${lat.toFixed(4)},${lng.toFixed(4)}`;
    const group = groups.get(key) ?? { key, lat, lng, place, teams: [] };
    group.teams.push(row);
    groups.set(key, group);
  }
  return { groups: [...groups.values()], missing };
}

/** A marker colour from the best position of a group: gold, the threshold, the rest. */
export function placeColor(best: number | null, threshold: number | null): string {
  if (best !== null && best <= 3) return '#ffc107';
  if (best !== null && threshold && best <= threshold) return '#198754';
  return '#0d6efd';
}

export interface VenuePoint {
  polo: Polo;
  lat: number;
  lng: number;
  teams: Row[];
}

/** Venues with coordinates (their own, else their city's) and their teams in ranking order. */
export function venuePoints(
  poli: readonly Polo[],
  rows: readonly Row[],
  teamPolo: ReadonlyMap<number, number | null>,
): { points: VenuePoint[]; missing: Polo[] } {
  const points: VenuePoint[] = [];
  const missing: Polo[] = [];
  for (const polo of poli) {
    const lat = polo.latitude ?? polo.citta?.latitude ?? null;
    const lng = polo.longitude ?? polo.citta?.longitude ?? null;
    const teams = rows.filter((r) => teamPolo.get(r.id) === polo.id);
    if (lat === null || lng === null) missing.push(polo);
    else points.push({ polo, lat, lng, teams });
  }
  return { points, missing };
}

export function bestPosition(teams: readonly Row[]): number | null {
  let best: number | null = null;
  for (const t of teams) {
    if (t.posizione !== null && (best === null || t.posizione < best)) best = t.posizione;
  }
  return best;
}
