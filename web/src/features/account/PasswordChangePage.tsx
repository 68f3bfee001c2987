import { Page } from '../../components/Page';

export default function PasswordChangePage() {
  return <Page title="Cambia password" />;
}
