import { Page } from '../../components/Page';

export default function NuovaSquadraPage() {
  return <Page title="Iscrizione squadra" />;
}
