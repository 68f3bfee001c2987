import { Page } from '../../components/Page';

export default function RegolamentoPage() {
  return <Page title="Regolamento" />;
}
