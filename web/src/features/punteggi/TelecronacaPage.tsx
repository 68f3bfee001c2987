import { Page } from '../../components/Page';

export default function TelecronacaPage() {
  return <Page title="Telecronaca" />;
}
