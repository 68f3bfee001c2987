// /accounts/password-dimenticata/: asks for the account's e-mail and always
// answers the same neutral message (issue 15); the e-mail carries a one-time
// link to /accounts/imposta-password/{token}/.
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { passwordDimenticata } from '../../api/auth';
import { Page } from '../../components/Page';
import { FormAlert } from '../../components/form/FormAlert';
import { useApiForm } from '../../components/form/useApiForm';

export default function PasswordDimenticataPage() {
  const {
    register,
    handleSubmit,
    general,
    setGeneral,
    showServerError,
    formState: { errors },
  } = useApiForm<{ email: string }>({ defaultValues: { email: '' } });
  const mutation = useMutation({
    mutationFn: (email: string) => passwordDimenticata(email),
    onError: (error) => showServerError(error, ['email']),
  });
  return (
    <Page title="Password dimenticata">
      <Card className="mx-auto" style={{ maxWidth: '28rem' }}>
        <Card.Body>
          {mutation.isSuccess ? (
            <>
              <Alert variant="success" role="status">
                {mutation.data.detail}
              </Alert>
              <Link to="/accounts/login/">Torna all’accesso</Link>
            </>
          ) : (
            <Form
              noValidate
              onSubmit={handleSubmit((values) => {
                setGeneral(null);
                mutation.mutate(values.email);
              })}
            >
              <p className="small">
                Scrivi l’indirizzo e-mail del tuo account: ti manderemo un link per scegliere una
                nuova password.
              </p>
              <FormAlert message={general} />
              <Form.Group className="mb-3" controlId="dimenticata-email">
                <Form.Label>E-mail</Form.Label>
                <Form.Control
                  type="email"
                  autoComplete="email"
                  autoFocus
                  isInvalid={!!errors.email}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? 'dimenticata-email-errore' : undefined}
                  {...register('email', { required: 'Scrivi il tuo indirizzo e-mail.' })}
                />
                <Form.Control.Feedback type="invalid" id="dimenticata-email-errore">
                  {errors.email?.message}
                </Form.Control.Feedback>
              </Form.Group>
              <Button type="submit" className="w-100" disabled={mutation.isPending}>
                Mandami il link
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
    </Page>
  );
}
