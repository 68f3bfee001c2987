import Table from 'react-bootstrap/Table';
import type { Webinar } from '@gas/contracts';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDay, formatDayLong } from '../../lib/romeTime';
import { safeHref } from '../../lib/safeHref';

/** The training webinars (spec §1: 5/12/2025, 2/2/2026, 16/2/2026, 2/3/2026). */
export function WebinarTable({ webinar }: { webinar: readonly Webinar[] }) {
  if (webinar.length === 0) return <p>Nessun webinar in calendario.</p>;
  return (
    <ScrollTable label="Calendario dei webinar">
      <Table striped className="align-middle">
        <caption className="visually-hidden">Calendario dei webinar</caption>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Ora</th>
            <th scope="col">Argomento</th>
          </tr>
        </thead>
        <tbody>
          {webinar.map((w) => (
            <tr key={`${w.data}-${w.titolo}`}>
              <td>
                <time dateTime={w.data} title={formatDayLong(w.data)}>
                  {formatDay(w.data)}
                </time>
              </td>
              <td>{w.ora}</td>
              <td>
                {safeHref(w.link) ? (
                  <a href={safeHref(w.link)} target="_blank" rel="noreferrer">
                    {w.titolo}
                  </a>
                ) : (
                  <span className="fw-semibold">{w.titolo}</span>
                )}
                {w.descrizione && <div className="small">{w.descrizione}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollTable>
  );
}
