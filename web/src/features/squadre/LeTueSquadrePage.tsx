import { Page } from '../../components/Page';
import { RequireLogin } from '../../components/RequireLogin';

export default function LeTueSquadrePage() {
  return (
    <RequireLogin>
      <Page title="Le tue squadre" />
    </RequireLogin>
  );
}
