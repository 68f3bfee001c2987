import { useParams } from 'react-router';
import { Page } from '../../components/Page';
import { seasonLabel } from '../../lib/seasons';

/** The lists and the single event are one page (spec §2); the scope picks what it shows. */
export type EventiScope = 'ufficiali' | 'anno' | 'non-ufficiali' | 'evento';

function title(scope: EventiScope, anno: number): string {
  switch (scope) {
    case 'ufficiali':
      return 'Eventi';
    case 'anno':
      return Number.isInteger(anno) ? `Eventi - ${seasonLabel(anno)}` : 'Eventi';
    case 'non-ufficiali':
      return 'Eventi non ufficiali';
    case 'evento':
      return 'Evento';
  }
}

export default function EventiPage({ scope }: { scope: EventiScope }) {
  const { anno } = useParams();
  return <Page title={title(scope, Number(anno))} />;
}
