import { Page } from '../../components/Page';

export default function ListaPoliPage() {
  return <Page title="Lista poli" />;
}
