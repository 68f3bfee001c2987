// accounts/profile/chat-token/ (spec §2): a token that identifies the user on
// the community chat server. `?user=` only prefills the chat user name.
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useSearchParams } from 'react-router';
import { chatTokenRequest, type ChatToken } from '@gas/contracts';
import { typedApi } from '../../api/typed';
import { useCurrentUser } from '../../api/queries';
import { useChatUrl } from '../../api/sito';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Page } from '../../components/Page';
import { RequireLogin } from '../../components/RequireLogin';
import { CopyButton } from '../../components/form/CopyButton';
import { serverErrorMessage } from '../../components/form/useApiForm';
import { zodIssues } from '../../components/form/zodResolver';

function ChatToken() {
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const [nome, setNome] = useState(() => params.get('user') ?? user.username);
  const [token, setToken] = useState<ChatToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const call = async (richiesta: () => Promise<ChatToken>) => {
    setError(null);
    setBusy(true);
    try {
      setToken(await richiesta());
    } catch (e) {
      // A refused name (e.g. another account's) comes as the field's own message.
      setError(serverErrorMessage(e, 'user'));
    } finally {
      setBusy(false);
    }
  };

  const ottieni = () => {
    const parsed = chatTokenRequest.safeParse({ user: nome });
    if (!parsed.success) {
      setError(zodIssues(parsed.error).user ?? 'Nome utente non valido.');
      return;
    }
    void call(() => typedApi.post('/api/gas/chat-token/', 'chatToken', { body: parsed.data }));
  };

  // The chat bot's link (?user=...) only fills in the name: a token is
  // created when the user asks for it, never by opening a link.
  const chatUrl = useChatUrl();
  const comunita = 'server della comunità';

  return (
    <>
      <p>
        Il token ti fa riconoscere sul{' '}
        {chatUrl ? (
          <a href={chatUrl} target="_blank" rel="noreferrer">
            {comunita}
          </a>
        ) : (
          comunita
        )}
        : quando il bot te lo chiede, incollalo nella chat. Non condividerlo con nessuno.
      </p>
      <Form
        noValidate
        style={{ maxWidth: '36rem' }}
        onSubmit={(e) => {
          e.preventDefault();
          ottieni();
        }}
      >
        <Form.Group className="mb-3" controlId="chat-user">
          <Form.Label>Nome utente nella chat</Form.Label>
          <Form.Control
            value={nome}
            autoComplete="off"
            isInvalid={!!error && !token}
            onChange={(e) => setNome(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" disabled={busy}>
          Ottieni il token
        </Button>
      </Form>
      {token && (
        <section aria-labelledby="token-titolo" className="mt-4" style={{ maxWidth: '36rem' }}>
          <h2 id="token-titolo" className="h5">
            Il tuo token (utente {token.username})
          </h2>
          <InputGroup>
            <Form.Control
              readOnly
              value={token.token}
              aria-label="Token"
              className="font-monospace"
              onFocus={(e) => e.target.select()}
            />
            <CopyButton text={token.token} />
            <ConfirmButton
              variant="outline-danger"
              message="Il token attuale smetterà di funzionare."
              onConfirm={() =>
                void call(() => typedApi.post('/api/gas/chat-token/reset/', 'chatToken'))
              }
            >
              Reset
            </ConfirmButton>
          </InputGroup>
        </section>
      )}
      {error && token && (
        <Alert variant="danger" className="mt-3">
          {error}
        </Alert>
      )}
    </>
  );
}

export default function ChatTokenPage() {
  return (
    <RequireLogin>
      <Page title="Token per la chat">
        <ChatToken />
      </Page>
    </RequireLogin>
  );
}
