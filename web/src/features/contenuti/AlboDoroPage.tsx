import { Page } from '../../components/Page';

export default function AlboDoroPage() {
  return <Page title="Albo d'oro" />;
}
