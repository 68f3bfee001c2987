import { Page } from '../../components/Page';

export default function LoginPage() {
  return <Page title="Accedi" />;
}
