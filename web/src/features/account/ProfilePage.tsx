// accounts/profile/ ('Profilo personale', spec §2): anonymous visitors go to
// the login page (spec §6); the content says 'Non autenticato' otherwise.
import { useCurrentUser } from '../../api/queries';
import { Page } from '../../components/Page';
import { RequireLogin } from '../../components/RequireLogin';
import { Profilo } from './profile/Profilo';

export default function ProfilePage() {
  const { user } = useCurrentUser();
  return (
    <RequireLogin>
      <Page title="Profilo personale">
        <Profilo user={user} />
      </Page>
    </RequireLogin>
  );
}
