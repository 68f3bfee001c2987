// Links to the ranking files the server makes (issue 28 item 1): plain
// downloads, so they work without the page's script and from a copied link.
import {
  FORMATI_EVENTO,
  FORMATI_SESSIONE,
  urlClassificaEvento,
  urlClassificaSessione,
  type Formato,
} from './classifiche';

const ETICHETTA: Record<Formato, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)', pdf: 'PDF' };

function Link({
  href,
  formato,
  descrizione,
}: {
  href: string;
  formato: Formato;
  descrizione: string;
}) {
  return (
    <a
      href={href}
      download
      className="btn btn-sm btn-outline-primary"
      aria-label={`${descrizione} in ${ETICHETTA[formato]}`}
    >
      {ETICHETTA[formato]}
    </a>
  );
}

/** The session's ranking in every format and, when it has several sessions, the event's. */
export function ScaricaSessione(props: {
  sessione: number;
  evento: number;
  /** The event has other sessions: one file with all of them. */
  piuSessioni: boolean;
}) {
  return (
    <section aria-labelledby="titolo-scarica" className="mb-4 d-print-none">
      <h2 id="titolo-scarica" className="h5">
        Scarica la classifica
      </h2>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        {FORMATI_SESSIONE.map((f) => (
          <Link
            key={f}
            href={urlClassificaSessione(props.sessione, f)}
            formato={f}
            descrizione="Classifica della sessione"
          />
        ))}
      </div>
      {props.piuSessioni && (
        <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
          <span className="small">Tutte le sessioni dell’evento:</span>
          {FORMATI_EVENTO.map((f) => (
            <Link
              key={f}
              href={urlClassificaEvento(props.evento, f)}
              formato={f}
              descrizione="Classifiche di tutte le sessioni dell’evento"
            />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * One venue's ranking files and, for the event's administrators once the
 * contest is over, its teams' certificates (a page per team).
 */
export function ScaricaPolo(props: {
  sessione: number;
  polo: number;
  descrizione: string;
  attestati: boolean;
}) {
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2 d-print-none">
      <span className="small">Scarica:</span>
      {FORMATI_SESSIONE.map((f) => (
        <Link
          key={f}
          href={urlClassificaSessione(props.sessione, f, props.polo)}
          formato={f}
          descrizione={props.descrizione}
        />
      ))}
      {props.attestati && (
        <a
          href={`/api/gas/sessione/${props.sessione}/attestati/?polo=${props.polo}`}
          download
          className="btn btn-sm btn-outline-success"
          aria-label={`Attestati delle squadre (PDF): ${props.descrizione}`}
        >
          Attestati (PDF)
        </a>
      )}
    </div>
  );
}
