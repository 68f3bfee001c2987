// /accounts/imposta-password/{token}/: the page of a one-time link (issue 15),
// from the invitation of an imported manager or from 'Password dimenticata?'.
// The link is checked first (whom it is for, or why it does not work), then
// the new password is chosen twice; the server applies its rules and ends
// every other session of the account.
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { impostaPassword, verificaTokenPassword } from '../../api/auth';
import { ApiError } from '../../api/errors';
import { Page } from '../../components/Page';
import { FormAlert } from '../../components/form/FormAlert';
import { useApiForm } from '../../components/form/useApiForm';

interface Valori {
  password: string;
  confirm_password: string;
}

const CAMPI: { name: keyof Valori; label: string }[] = [
  { name: 'password', label: 'Nuova password' },
  { name: 'confirm_password', label: 'Conferma password' },
];

function Modulo({ token, username }: { token: string; username: string }) {
  const {
    register,
    handleSubmit,
    general,
    setGeneral,
    showServerError,
    formState: { errors },
  } = useApiForm<Valori>({ defaultValues: { password: '', confirm_password: '' } });
  const mutation = useMutation({
    mutationFn: (v: Valori) => impostaPassword({ token, ...v }),
    onError: (error) => showServerError(error, ['password', 'confirm_password']),
  });
  if (mutation.isSuccess) {
    return (
      <Alert variant="success" role="status">
        Password impostata. Ora puoi <Link to="/accounts/login/">accedere</Link> come «{username}».
      </Alert>
    );
  }
  return (
    <Form
      noValidate
      onSubmit={handleSubmit((values) => {
        setGeneral(null);
        mutation.mutate(values);
      })}
    >
      <p>
        Account: <strong>{username}</strong>
      </p>
      <p className="small text-body-secondary">
        Almeno 8 caratteri, diversa dal nome utente e non tra le password più comuni.
      </p>
      <FormAlert message={general} />
      {/* Password managers save the new password under this username. */}
      <input type="hidden" autoComplete="username" value={username} readOnly />
      {CAMPI.map(({ name, label }) => (
        <Form.Group key={name} className="mb-3" controlId={`imposta-${name}`}>
          <Form.Label>{label}</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            isInvalid={!!errors[name]}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `imposta-${name}-errore` : undefined}
            {...register(name, { required: 'Questo campo è obbligatorio.' })}
          />
          <Form.Control.Feedback type="invalid" id={`imposta-${name}-errore`}>
            {errors[name]?.message}
          </Form.Control.Feedback>
        </Form.Group>
      ))}
      <Button type="submit" className="w-100" disabled={mutation.isPending}>
        Imposta la password
      </Button>
    </Form>
  );
}

export default function ImpostaPasswordPage() {
  const { token = '' } = useParams();
  const verifica = useQuery({
    queryKey: ['imposta-password', token],
    queryFn: () => verificaTokenPassword(token),
    retry: false,
    staleTime: Infinity,
  });
  const titolo = verifica.data?.scopo === 'imposta' ? 'Scegli la tua password' : 'Nuova password';
  return (
    <Page title={titolo}>
      <Card className="mx-auto" style={{ maxWidth: '28rem' }}>
        <Card.Body>
          {verifica.isPending && <p role="status">Controllo del link…</p>}
          {verifica.isError && (
            <>
              <Alert variant="danger" role="alert">
                {verifica.error instanceof ApiError
                  ? verifica.error.detail
                  : 'Impossibile controllare il link: riprova.'}
              </Alert>
              <Link to="/accounts/password-dimenticata/">Chiedi un nuovo link</Link>
            </>
          )}
          {verifica.data && <Modulo token={token} username={verifica.data.username} />}
        </Card.Body>
      </Card>
    </Page>
  );
}
