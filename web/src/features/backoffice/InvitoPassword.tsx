// On an account's page: send it a new one-time link to choose its password
// (issue 15) and show the link, for a manager whose e-mail does not arrive.

import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { typedApi } from '../../api/typed';
import { CopyButton } from '../../components/form/CopyButton';
import { serverErrorMessage } from '../../components/form/useApiForm';

export function InvitoPassword({ userId }: { userId: number }) {
  const invio = useMutation({
    mutationFn: () =>
      typedApi.post('/api/admin/user/{id}/invito-password/', 'invitoPassword', {
        path: { id: userId },
      }),
  });
  return (
    <section aria-labelledby="titolo-invito" className="mt-4">
      <h2 id="titolo-invito" className="h5">
        Password
      </h2>
      <p className="small text-body-secondary">
        Manda all’utente un link per scegliere la password (valido 7 giorni, usabile una volta; i
        link precedenti smettono di funzionare).
      </p>
      <Button variant="outline-primary" disabled={invio.isPending} onClick={() => invio.mutate()}>
        Invia il link per la password
      </Button>
      {invio.isError && (
        <Alert variant="danger" className="mt-2">
          {serverErrorMessage(invio.error, 'detail') ?? 'Invio non riuscito.'}
        </Alert>
      )}
      {invio.data && (
        <div className="mt-2" role="status">
          {invio.data.email_inviata ? (
            <p className="mb-1 small">Link inviato a {invio.data.email}. Puoi anche copiarlo:</p>
          ) : (
            <Alert variant="warning" className="mb-1 small">
              L’e-mail a {invio.data.email} non è partita (il server di posta non risponde). Il link
              funziona: copialo e mandalo all’utente.
            </Alert>
          )}
          <InputGroup>
            <Form.Control
              readOnly
              aria-label="Link per la password"
              value={invio.data.link}
              onFocus={(e) => e.target.select()}
            />
            <CopyButton text={invio.data.link} />
          </InputGroup>
        </div>
      )}
    </section>
  );
}
