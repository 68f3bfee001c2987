import { Page } from '../../components/Page';

export default function AdminActionsPage() {
  return <Page title="Azioni amministrative" />;
}
