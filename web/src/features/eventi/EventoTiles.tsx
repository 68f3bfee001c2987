// The tiles of an event card (spec §2): problems and solutions files (green
// available, orange with the date when scheduled, red 'non disponibile' when
// missing), commentary video, dedicated page, venue list, deliver answers and
// edit event, the last ones by permission.
import type { Evento, FileEvento } from '@gas/contracts';
import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/romeTime';
import { safeHref } from '../../lib/safeHref';

type TileState = 'available' | 'scheduled' | 'missing' | 'link';

const TILE_CLASS: Record<TileState, string> = {
  available: 'text-bg-success',
  scheduled: 'evento-tile--scheduled',
  missing: 'text-bg-danger',
  link: 'evento-tile--link',
};

function Tile({
  title,
  detail,
  state,
  to,
  href,
  testId,
}: {
  title: string;
  detail?: ReactNode;
  state: TileState;
  to?: string;
  href?: string;
  testId: string;
}) {
  const className = `evento-tile ${TILE_CLASS[state]}`;
  const body = (
    <>
      <span className="evento-tile__title">{title}</span>
      {detail && <span className="small">{detail}</span>}
    </>
  );
  return (
    <Col>
      {to ? (
        <Link to={to} className={className} data-testid={testId} data-state={state}>
          {body}
        </Link>
      ) : href ? (
        <a
          href={href}
          className={className}
          data-testid={testId}
          data-state={state}
          target="_blank"
          rel="noreferrer"
        >
          {body}
        </a>
      ) : (
        <div className={className} data-testid={testId} data-state={state}>
          {body}
        </div>
      )}
    </Col>
  );
}

function FileTile({
  title,
  file,
  testId,
}: {
  title: string;
  file: FileEvento | null | undefined;
  testId: string;
}) {
  if (!file) return <Tile title={title} detail="non disponibile" state="missing" testId={testId} />;
  if (file.pubblico && file.programmed_path_url) {
    return (
      <Tile
        title={title}
        detail={file.pubblicato === false ? 'Scarica (non ancora pubblico)' : 'Scarica il PDF'}
        state="available"
        href={file.programmed_path_url}
        testId={testId}
      />
    );
  }
  return (
    <Tile
      title={title}
      detail={file.data ? `Disponibile dal ${formatDateTime(file.data)}` : 'Non ancora disponibile'}
      state="scheduled"
      testId={testId}
    />
  );
}

export function EventoTiles({ evento }: { evento: Evento }) {
  const permessi = evento.permessi;
  const consegna = permessi && (permessi.puo_consegnare || permessi.puo_inserire);
  const video = safeHref(evento.youtube_link);
  const pagina = safeHref(evento.pagina_dedicata);
  return (
    <Row xs={2} sm={3} lg={4} className="g-2 mb-3" as="div">
      <FileTile title="Testo dei problemi" file={evento.file_problemi} testId="tile-problemi" />
      <FileTile title="Soluzioni" file={evento.file_soluzioni} testId="tile-soluzioni" />
      {video && (
        <Tile
          title="Video della telecronaca"
          detail="Su YouTube"
          state="link"
          href={video}
          testId="tile-video"
        />
      )}
      {pagina &&
        (pagina.startsWith('/') ? (
          <Tile title="Pagina dedicata" state="link" to={pagina} testId="tile-pagina" />
        ) : (
          <Tile title="Pagina dedicata" state="link" href={pagina} testId="tile-pagina" />
        ))}
      {(evento.poli?.length ?? 0) > 0 && (
        <Tile title="Lista poli" state="link" to={`/lista-poli/${evento.id}/`} testId="tile-poli" />
      )}
      {consegna && (
        <Tile
          title="Consegna risposte"
          state="link"
          to={`/evento/${evento.id}/consegna-risposte/`}
          testId="tile-consegna"
        />
      )}
      {permessi?.puo_iscrivere_squadre && (
        <Tile title="Iscrivi una squadra" state="link" to="/nuova-squadra/" testId="tile-iscrivi" />
      )}
      {permessi?.puo_modificare && (
        <Tile
          title="Modifica evento"
          state="link"
          to={`/modifica-evento/${evento.id}/`}
          testId="tile-modifica"
        />
      )}
    </Row>
  );
}
