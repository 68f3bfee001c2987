import type { Sito } from '@gas/contracts';
import { formatDayLong, formatDayRange } from '../../lib/romeTime';

/** The national final: dates, place and day-by-day calendar (spec §1: 15-18 April 2026). */
export function FinaleCalendar({ finale }: { finale: NonNullable<Sito['finale']> }) {
  return (
    <>
      <p className="lead">
        <strong>
          <time dateTime={finale.inizio}>{formatDayRange(finale.inizio, finale.fine)}</time>
        </strong>
        {finale.luogo && <> · {finale.luogo}</>}
      </p>
      <ol className="list-group list-group-numbered">
        {finale.calendario.map((giorno) => (
          <li key={`${giorno.data}-${giorno.descrizione}`} className="list-group-item">
            <time dateTime={giorno.data} className="fw-semibold">
              {formatDayLong(giorno.data)}
            </time>
            : {giorno.descrizione}
          </li>
        ))}
      </ol>
    </>
  );
}
