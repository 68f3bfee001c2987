// 'Mappa poli': the venues of the event with their teams and best position.
import { conta, type Polo } from '@gas/contracts';
import { useMemo } from 'react';
import type { LeaderboardEntry } from '@gas/scoring';
import { MapFrame, radiusFor, type MapPoint } from './MapFrame';
import { bestPosition, placeColor, venuePoints } from './mapData';

export default function VenuesMapTab(props: {
  rows: readonly LeaderboardEntry[];
  poli: readonly Polo[];
  teamPolo: ReadonlyMap<number, number | null>;
  threshold: number | null;
}) {
  const { points, missing } = useMemo(
    () => venuePoints(props.poli, props.rows, props.teamPolo),
    [props.poli, props.rows, props.teamPolo],
  );
  const markers: MapPoint[] = points.map(({ polo, lat, lng, teams }) => {
    const best = bestPosition(teams);
    return {
      key: String(polo.id),
      lat,
      lng,
      radius: radiusFor(teams.length),
      color: placeColor(best, props.threshold),
      label: `${polo.nome_breve}: ${conta(teams.length, 'squadra', 'squadre')}`,
      popup: (
        <>
          <strong>{polo.nome_breve}</strong>
          <div className="small">{polo.descrizione}</div>
          <div className="small">{polo.indirizzo}</div>
          <div className="small mt-1">
            {conta(teams.length, 'squadra', 'squadre')}
            {best !== null ? ` · migliore: ${best}° posto (${teams[0]?.nome})` : ''}
          </div>
        </>
      ),
    };
  });
  return (
    <MapFrame
      points={markers}
      label="Mappa dei poli"
      listTitle={`Elenco dei poli (${props.poli.length})`}
      list={
        <ul className="small mt-2">
          {points.map(({ polo, teams }) => (
            <li key={polo.id}>
              <strong>{polo.nome_breve}</strong> ({polo.indirizzo}):{' '}
              {conta(teams.length, 'squadra', 'squadre')}
              {teams[0] ? `, migliore ${teams[0].nome} (${teams[0].posizione ?? 'osp.'}°)` : ''}
            </li>
          ))}
          {missing.map((polo) => (
            <li key={polo.id}>
              <strong>{polo.nome_breve}</strong>: posizione sconosciuta
            </li>
          ))}
        </ul>
      }
    />
  );
}
