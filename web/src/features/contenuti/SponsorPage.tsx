import { Page } from '../../components/Page';

export default function SponsorPage() {
  return <Page title="Sponsor" />;
}
