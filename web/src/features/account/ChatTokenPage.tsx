import { Page } from '../../components/Page';
import { RequireLogin } from '../../components/RequireLogin';

export default function ChatTokenPage() {
  return (
    <RequireLogin>
      <Page title="Token per la chat" />
    </RequireLogin>
  );
}
