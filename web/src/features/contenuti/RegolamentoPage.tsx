// Rules page (spec §2): for 2026, 2025, 2024 and 2023 the rules, the
// logistics and, where available, the local venues documents, from the settings.
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { DocumentiAnno } from '@gas/contracts';
import { useSito } from '../../api/sito';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { safeHref } from '../../lib/safeHref';
import { seasonLabel } from '../../lib/seasons';

export const ANNI_REGOLAMENTO = [2026, 2025, 2024, 2023] as const;

function Documenti({ anno, documenti }: { anno: number; documenti: DocumentiAnno | undefined }) {
  const links = documenti
    ? [
        { href: documenti.regolamento, label: `Regolamento ${anno}` },
        { href: documenti.logistica, label: `Logistica ${anno}` },
        ...(documenti.poli ? [{ href: documenti.poli, label: `Poli locali ${anno}` }] : []),
      ]
        .map((link) => ({ ...link, href: safeHref(link.href) }))
        .filter((link) => link.href)
    : [];
  return (
    <Card
      as="section"
      id={`anno-${anno}`}
      aria-labelledby={`anno-${anno}-titolo`}
      className="h-100"
    >
      <Card.Body>
        <h2 id={`anno-${anno}-titolo`} className="h4 card-title">
          {anno}
        </h2>
        <p className="small text-body-secondary">{seasonLabel(anno)}</p>
        {links.length === 0 ? (
          <p className="mb-0">Documenti non disponibili.</p>
        ) : (
          <ul className="mb-0">
            {links.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}

export default function RegolamentoPage() {
  const sito = useSito();
  return (
    <Page title="Regolamento">
      <p className="lead">
        I documenti ufficiali di ogni edizione: il regolamento della gara, le indicazioni logistiche
        e, dove previsti, i poli locali.
      </p>
      <QueryState query={sito}>
        {(data) => (
          <>
            {data.home?.regolamento_sintesi && <p>{data.home.regolamento_sintesi}</p>}
            <Row xs={1} md={2} className="g-3">
              {ANNI_REGOLAMENTO.map((anno) => (
                <Col key={anno}>
                  <Documenti anno={anno} documenti={data.regolamento?.[String(anno)]} />
                </Col>
              ))}
            </Row>
          </>
        )}
      </QueryState>
    </Page>
  );
}
