// Home (spec §1): sponsors, news on the coming edition, a video, the about-us
// teaser, the rules summary, the webinars and the final's calendar, all from
// the site settings.
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import type { Sito } from '@gas/contracts';
import { useSito, useSponsor } from '../../api/sito';
import { Page } from '../../components/Page';
import { PageLoading } from '../../components/PageLoading';
import { QueryState } from '../../components/QueryState';
import { formatDayLong } from '../../lib/romeTime';
import { FinaleCalendar } from './FinaleCalendar';
import { SponsorStrip } from './SponsorStrip';
import { VideoFacade } from './VideoFacade';
import { WebinarTable } from './WebinarTable';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-titolo`} className="mb-5" id={id}>
      <h2 id={`${id}-titolo`} className="h3 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Notizie({ notizie }: { notizie: NonNullable<Sito['home']>['notizie'] }) {
  if (notizie.length === 0) return <p>Nessuna novità per ora.</p>;
  const newestFirst = [...notizie].sort((a, b) => b.data.localeCompare(a.data));
  return (
    <Row xs={1} md={2} lg={3} className="g-3">
      {newestFirst.map((n) => (
        <Col key={`${n.data}-${n.titolo}`}>
          <Card className="h-100">
            <Card.Body>
              <h3 className="h5 card-title">{n.titolo}</h3>
              <p className="small text-body-secondary mb-2">
                <time dateTime={n.data}>{formatDayLong(n.data)}</time>
              </p>
              <Card.Text>{n.testo}</Card.Text>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function SponsorSection({ query }: { query: ReturnType<typeof useSponsor> }) {
  return (
    <Section id="sponsor" title="I nostri sponsor">
      <QueryState query={query}>
        {(sponsors) => (
          <>
            <SponsorStrip sponsors={sponsors} />
            <p className="text-center mt-3 mb-0">
              <Link to="/sponsor/">Scopri i nostri sponsor</Link>
            </p>
          </>
        )}
      </QueryState>
    </Section>
  );
}

function HomeContent({ sito }: { sito: Sito }) {
  const home = sito.home;
  return (
    <>
      {home && (
        <Section id="novita" title="Novità sulla prossima edizione">
          <Notizie notizie={home.notizie} />
        </Section>
      )}
      <Row className="g-4 mb-5">
        <Col lg={7}>
          <section aria-labelledby="video-titolo">
            <h2 id="video-titolo" className="h3 mb-3">
              Il video
            </h2>
            {home?.video_url ? (
              <VideoFacade url={home.video_url} title="Gara a Squadre di Fisica" />
            ) : (
              <p>Il video di presentazione sarà disponibile a breve.</p>
            )}
          </section>
        </Col>
        <Col lg={5}>
          <section aria-labelledby="chi-siamo-titolo" className="mb-4">
            <h2 id="chi-siamo-titolo" className="h3 mb-3">
              Chi siamo
            </h2>
            {home?.chi_siamo_anteprima && <p>{home.chi_siamo_anteprima}</p>}
            <Link to="/about-us/">Scopri chi siamo</Link>
          </section>
          <section aria-labelledby="regole-titolo">
            <h2 id="regole-titolo" className="h3 mb-3">
              Il regolamento in breve
            </h2>
            {home?.regolamento_sintesi && <p>{home.regolamento_sintesi}</p>}
            <Link to="/regolamento/">Leggi il regolamento completo</Link>
          </section>
        </Col>
      </Row>
      <Section id="webinar" title="Webinar di preparazione">
        <WebinarTable webinar={sito.webinar ?? []} />
      </Section>
      {sito.finale && (
        <Section id="finale" title="Finale nazionale">
          <FinaleCalendar finale={sito.finale} />
        </Section>
      )}
    </>
  );
}

export default function HomePage() {
  const sito = useSito();
  const sponsor = useSponsor();
  return (
    <Page title="Gara a Squadre di Fisica">
      <p className="lead">
        Gare a squadre di fisica per le scuole superiori, con classifiche in diretta.{' '}
        <Link to="/eventi/">Vai agli eventi</Link>
      </p>
      {/* Both at once (the server announces both in the page, plugins/anticipi.ts):
          the news never move down when the sponsors arrive second. */}
      {sponsor.isPending || sito.isPending ? (
        <PageLoading />
      ) : (
        <>
          <SponsorSection query={sponsor} />
          <QueryState query={sito}>{(data) => <HomeContent sito={data} />}</QueryState>
        </>
      )}
    </Page>
  );
}
