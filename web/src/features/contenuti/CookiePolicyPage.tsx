import { Page } from '../../components/Page';

export default function CookiePolicyPage() {
  return <Page title="Cookie policy" />;
}
