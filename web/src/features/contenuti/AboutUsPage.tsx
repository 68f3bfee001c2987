// Credits (spec §1): direction, school-training teachers, problem authors
// (loaded from a call), developers, thanks and the 16 most active collaborators.
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { Persona } from '@gas/contracts';
import { useCollaboratori, useSito, useTopContributors } from '../../api/sito';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';

function Persone({ persone }: { persone: readonly Persona[] }) {
  if (persone.length === 0) return <p>Elenco non disponibile.</p>;
  return (
    <ul>
      {persone.map((p) => (
        <li key={p.nome}>
          <strong>{p.nome}</strong>
          {(p.ruolo || p.affiliazione) && (
            <> – {[p.ruolo, p.affiliazione].filter(Boolean).join(', ')}</>
          )}
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mb-4">
      <h2 className="h4">{title}</h2>
      {children}
    </section>
  );
}

function Autori() {
  const query = useCollaboratori();
  return (
    <QueryState query={query}>
      {(autori) =>
        autori.length === 0 ? (
          <p>Elenco non disponibile.</p>
        ) : (
          <p>{autori.map((a) => a.nome).join(', ')}.</p>
        )
      }
    </QueryState>
  );
}

function PiuAttivi() {
  const query = useTopContributors();
  return (
    <QueryState query={query}>
      {(top) => (
        <>
          <p>
            Un grazie speciale ai {top.length} collaboratori più attivi, in ordine di numero di
            contributi:
          </p>
          <ol className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 list-unstyled g-1 ps-0">
            {top.map((c, i) => (
              <li key={c.nome} className="col">
                {i + 1}. {c.nome} <span className="text-body-secondary">({c.contributi})</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </QueryState>
  );
}

export default function AboutUsPage() {
  const sito = useSito();
  return (
    <Page title="Chi siamo">
      <QueryState query={sito}>
        {(data) => {
          const chi = data.chi_siamo;
          return (
            <>
              {data.home?.chi_siamo_anteprima && (
                <p className="lead">{data.home.chi_siamo_anteprima}</p>
              )}
              <Row className="g-4">
                <Col md={6}>
                  <Section title="Direzione">
                    <Persone persone={chi?.direzione ?? []} />
                  </Section>
                  <Section title="Docenti per la formazione nelle scuole">
                    <Persone persone={chi?.docenti_formazione ?? []} />
                  </Section>
                  <Section title="Docenti referenti delle scuole">
                    <Persone persone={chi?.docenti_scuole ?? []} />
                  </Section>
                </Col>
                <Col md={6}>
                  <Section title="Sviluppatori">
                    <Persone persone={chi?.sviluppatori ?? []} />
                  </Section>
                  <Section title="Ringraziamenti">
                    <ul>
                      {(chi?.ringraziamenti ?? []).map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  </Section>
                </Col>
              </Row>
            </>
          );
        }}
      </QueryState>
      <Section title="Autori dei problemi">
        <Autori />
      </Section>
      <Section title="I collaboratori più attivi">
        <PiuAttivi />
      </Section>
    </Page>
  );
}
