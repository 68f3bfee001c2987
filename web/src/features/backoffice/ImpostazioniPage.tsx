// /admin/impostazioni-sito/: the site's content, one JSON value per key
// (home news and video, rules documents per year, webinars, the final,
// about us with its collaborators), each checked by the server against the
// shape the public pages read; errors name the place in the value.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { typedApi } from '../../api/typed';

import { serverErrorMessage } from '../../components/form/useApiForm';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/romeTime';
import { Storia } from './Storia';

type Impostazione = { chiave: string; valore: unknown; aggiornato: string | null };

const ETICHETTE: Record<string, string> = {
  home: 'Pagina iniziale (notizie, video, anteprime)',
  regolamento: 'Regolamento e documenti per anno',
  webinar: 'Webinar',
  finale: 'Finale nazionale (date, luogo, calendario)',
  chi_siamo: 'Chi siamo (persone e ringraziamenti; i collaboratori hanno una pagina propria)',
  attestati:
    'Attestati (firmatario, riga della firma e logo come data URL PNG o JPEG; tutti facoltativi)',
};

function Chiave({ item }: { item: Impostazione }) {
  const [text, setText] = useState(() => JSON.stringify(item.valore, null, 2));
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState(false);
  const queryClient = useQueryClient();
  const save = async () => {
    setOk(false);
    let valore: unknown;
    try {
      valore = JSON.parse(text);
    } catch {
      setError('Il testo non è JSON valido: controlla virgole, virgolette e parentesi.');
      return;
    }
    try {
      await typedApi.put('/api/admin/impostazioni-sito/{chiave}/', 'impostazione', {
        path: { chiave: item.chiave },
        body: { valore },
      });
      setError(null);
      setOk(true);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'impostazioni-sito'] });
    } catch (e) {
      setError(serverErrorMessage(e, 'valore'));
    }
  };
  const id = `impostazione-${item.chiave}`;
  return (
    <Card className="mb-3">
      <Card.Header>
        <Form.Label htmlFor={id} className="mb-0 fw-semibold">
          {ETICHETTE[item.chiave] ?? item.chiave}
        </Form.Label>
        {item.aggiornato && (
          <span className="small text-body-secondary">
            {' '}
            · aggiornato il {formatDateTime(item.aggiornato)}
          </span>
        )}
      </Card.Header>
      <Card.Body>
        <Form.Control
          id={id}
          as="textarea"
          rows={10}
          className="font-monospace small"
          value={text}
          isInvalid={error !== null}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        <div className="d-flex align-items-center gap-2 mt-2">
          <Button size="sm" onClick={() => void save()}>
            Salva
          </Button>
          {ok && <span className="text-success">Salvato</span>}
        </div>
      </Card.Body>
    </Card>
  );
}

export function ImpostazioniPage() {
  const query = useQuery({
    queryKey: ['admin', 'impostazioni-sito'],
    queryFn: ({ signal }) =>
      typedApi.page('/api/admin/impostazioni-sito/', 'impostazione', { signal }),
  });
  return (
    <>
      <nav aria-label="Percorso" className="small mb-2">
        <Link to="/admin/">Amministrazione</Link>
      </nav>
      <h1 className="h2">Impostazioni del sito</h1>
      <Alert variant="info">
        Ogni contenuto è un valore JSON: il server lo controlla prima di salvarlo e le pagine
        pubbliche lo mostrano subito.
      </Alert>
      <QueryState query={query}>
        {(page) => (
          <>
            {page.results.map((item) => (
              <Chiave key={item.chiave} item={item} />
            ))}
            <h2 className="h4 mt-4">Storia</h2>
            <LogImpostazioni />
          </>
        )}
      </QueryState>
    </>
  );
}

function LogImpostazioni() {
  return <Storia risorsa="impostazioni-sito" />;
}
