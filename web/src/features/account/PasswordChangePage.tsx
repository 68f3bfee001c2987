// /accounts/password/: change the password (old, new, confirmation).
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { Path } from 'react-hook-form';
import { changePassword } from '../../api/auth';
import { Page } from '../../components/Page';
import { RequireLogin } from '../../components/RequireLogin';
import { useApiForm } from '../../components/form/useApiForm';

interface PasswordForm {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const FIELDS: { name: Path<PasswordForm>; label: string; autoComplete: string }[] = [
  { name: 'old_password', label: 'Password attuale', autoComplete: 'current-password' },
  { name: 'new_password', label: 'Nuova password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Conferma password', autoComplete: 'new-password' },
];

export const PASSWORD_CHANGED = 'La password è stata cambiata.';

function PasswordChangeForm() {
  const {
    register,
    handleSubmit,
    reset,
    general,
    setGeneral,
    showServerError,
    formState: { errors },
  } = useApiForm<PasswordForm>({
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => reset(),
    onError: (error) =>
      showServerError(
        error,
        FIELDS.map((f) => f.name),
      ),
  });

  return (
    <Card className="mx-auto" style={{ maxWidth: '32rem' }}>
      <Card.Body>
        <Form
          noValidate
          onSubmit={handleSubmit((values) => {
            setGeneral(null);
            mutation.mutate(values);
          })}
        >
          {mutation.isSuccess && (
            <Alert variant="success" role="status">
              {PASSWORD_CHANGED}
            </Alert>
          )}
          {general && (
            <Alert variant="danger" role="alert">
              {general}
            </Alert>
          )}
          {FIELDS.map(({ name, label, autoComplete }) => (
            <Form.Group key={name} className="mb-3" controlId={`password-${name}`}>
              <Form.Label>{label}</Form.Label>
              <Form.Control
                type="password"
                autoComplete={autoComplete}
                isInvalid={!!errors[name]}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `password-${name}-errore` : undefined}
                {...register(name, { required: 'Questo campo è obbligatorio.' })}
              />
              <Form.Control.Feedback type="invalid" id={`password-${name}-errore`}>
                {errors[name]?.message}
              </Form.Control.Feedback>
            </Form.Group>
          ))}
          <Button type="submit" disabled={mutation.isPending}>
            Cambia password
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

export default function PasswordChangePage() {
  return (
    <RequireLogin>
      <Page title="Cambia password">
        <PasswordChangeForm />
      </Page>
    </RequireLogin>
  );
}
