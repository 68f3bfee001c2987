import { Page } from '../../components/Page';

export default function AboutUsPage() {
  return <Page title="Chi siamo" />;
}
