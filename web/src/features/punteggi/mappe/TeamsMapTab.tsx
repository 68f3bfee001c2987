// 'Mappa': the teams at their schools, one marker per place (bigger with more
// teams; gold for a top-3 team, green within the qualification threshold).
// The same data is listed under the map, which also covers missing tiles.
import { conta, type Squadra } from '@gas/contracts';
import { useMemo } from 'react';
import type { LeaderboardEntry } from '@gas/scoring';
import { MapFrame, radiusFor, type MapPoint } from './MapFrame';
import { bestPosition, placeColor, teamPlaces } from './mapData';

function TeamList({
  teams,
}: {
  teams: readonly Pick<LeaderboardEntry, 'id' | 'nome' | 'posizione' | 'totale'>[];
}) {
  return (
    <ul className="list-unstyled mb-0 small">
      {teams.map((t) => (
        <li key={t.id}>
          {t.posizione ?? 'osp.'}. {t.nome} · {conta(t.totale, 'punto', 'punti')}
        </li>
      ))}
    </ul>
  );
}

export default function TeamsMapTab(props: {
  rows: readonly LeaderboardEntry[];
  teams: ReadonlyMap<number, Squadra>;
  threshold: number | null;
}) {
  const { groups, missing } = useMemo(
    () => teamPlaces(props.rows, props.teams),
    [props.rows, props.teams],
  );
  const points: MapPoint[] = groups.map((g) => ({
    key: g.key,
    lat: g.lat,
    lng: g.lng,
    radius: radiusFor(g.teams.length),
    color: placeColor(bestPosition(g.teams), props.threshold),
    label: `${g.place}: ${conta(g.teams.length, 'squadra', 'squadre')}`,
    popup: (
      <>
        <strong>{g.place}</strong>
        <TeamList teams={g.teams} />
      </>
    ),
  }));
  return (
    <MapFrame
      points={points}
      label="Mappa delle squadre"
      listTitle={`Elenco dei luoghi (${groups.length})`}
      list={
        <ul className="small mt-2">
          {groups.map((g) => (
            <li key={g.key}>
              <strong>{g.place}</strong>:{' '}
              {g.teams.map((t) => `${t.nome} (${t.posizione ?? 'osp.'}°)`).join(', ')}
            </li>
          ))}
          {missing.length > 0 && (
            <li>Senza posizione sulla mappa: {missing.map((t) => t.nome).join(', ')}</li>
          )}
        </ul>
      }
    />
  );
}
