import { Page } from '../../components/Page';
import { RequireLogin } from '../../components/RequireLogin';

/** Reached from a session (sessione/{pk}/...) or from an event (evento/{pk}/...). */
export type ConsegnaScope = 'sessione' | 'evento';

export default function ConsegnaRispostePage({ scope: _scope }: { scope: ConsegnaScope }) {
  return (
    <RequireLogin>
      <Page title="Consegna risposte" />
    </RequireLogin>
  );
}
