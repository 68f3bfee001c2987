import { useSearchParams } from 'react-router';
import { Page } from '../../components/Page';

export default function LoginErrorPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? params.get('error');
  return (
    <Page title="Errore di accesso">
      <p>Non è stato possibile completare l&apos;accesso.</p>
      {code && (
        <p>
          Codice dell&apos;errore: <code>{code}</code>
        </p>
      )}
    </Page>
  );
}
