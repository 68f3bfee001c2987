// /accounts/login/: username and password; back to `next` afterwards (spec §2).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { login, safeNext } from '../../api/auth';
import { queryKeys, useCurrentUser } from '../../api/queries';
import { Page } from '../../components/Page';
import { useApiForm } from '../../components/form/useApiForm';

interface LoginForm {
  username: string;
  password: string;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isPending } = useCurrentUser();
  const {
    register,
    handleSubmit,
    general,
    setGeneral,
    showServerError,
    formState: { errors },
  } = useApiForm<LoginForm>({ defaultValues: { username: '', password: '' } });

  const mutation = useMutation({
    mutationFn: (values: LoginForm) => login(values.username, values.password),
    onSuccess: async (loggedIn) => {
      queryClient.setQueryData(queryKeys.whoami, loggedIn);
      // Events and permissions depend on who is asking.
      await queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== queryKeys.whoami[0],
      });
      await navigate(next, { replace: true });
    },
    onError: (error) => showServerError(error, ['username', 'password']),
  });

  // Already logged in (or just now): straight to `next`.
  if (!isPending && user.is_authenticated && !mutation.isPending) {
    return <Navigate replace to={next} />;
  }

  return (
    <Page title="Accedi">
      <Card className="mx-auto" style={{ maxWidth: '28rem' }}>
        <Card.Body>
          <Form
            noValidate
            onSubmit={handleSubmit((values) => {
              setGeneral(null);
              mutation.mutate(values);
            })}
          >
            {general && (
              <Alert variant="danger" role="alert">
                {general}
              </Alert>
            )}
            <Form.Group className="mb-3" controlId="login-username">
              <Form.Label>Nome utente</Form.Label>
              <Form.Control
                autoComplete="username"
                autoFocus
                isInvalid={!!errors.username}
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={errors.username ? 'login-username-errore' : undefined}
                {...register('username', { required: 'Inserisci il nome utente.' })}
              />
              <Form.Control.Feedback type="invalid" id="login-username-errore">
                {errors.username?.message}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                isInvalid={!!errors.password}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'login-password-errore' : undefined}
                {...register('password', { required: 'Inserisci la password.' })}
              />
              <Form.Control.Feedback type="invalid" id="login-password-errore">
                {errors.password?.message}
              </Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" disabled={mutation.isPending} className="w-100">
              Accedi
            </Button>
            <div className="text-center mt-3 small">
              <Link to="/accounts/password-dimenticata/">Password dimenticata?</Link>
            </div>
          </Form>
        </Card.Body>
      </Card>
    </Page>
  );
}
