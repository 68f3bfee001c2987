// The scores page's rank announcements (issue 29): a visually hidden polite
// live region, present from the first paint (a region added with its text is
// not read), and the visible switch that turns them off.
import Form from 'react-bootstrap/Form';
import type { RigaAnnunci } from './cambiPosizione';
import { useAnnunciAttivi } from './useAnnunciAttivi';
import { useAnnunciClassifica } from './useAnnunciClassifica';

export function AnnunciClassifica(props: {
  classifica: readonly RigaAnnunci[] | undefined;
  /** Ids of the teams the viewer follows. */
  seguite: readonly number[];
  /** A new value starts again silently (a replay started or stopped). */
  contesto?: unknown;
}) {
  const [attivi, setAttivi] = useAnnunciAttivi();
  const annuncio = useAnnunciClassifica({
    classifica: props.classifica,
    seguite: props.seguite,
    attivi,
    contesto: props.contesto,
  });
  return (
    <>
      <Form.Check
        type="switch"
        id="annunci-lettori-schermo"
        className="mb-2"
        label="Annunci per lettori di schermo"
        aria-describedby="annunci-lettori-schermo-aiuto"
        checked={attivi}
        onChange={(event) => setAttivi(event.target.checked)}
      />
      <p id="annunci-lettori-schermo-aiuto" className="visually-hidden">
        Annuncia i cambi di posizione delle prime tre squadre e di quelle che segui, al massimo uno
        ogni 10 secondi.
      </p>
      <div
        role="status"
        aria-live="polite"
        className="visually-hidden"
        data-testid="annunci-classifica"
      >
        {annuncio && <span key={annuncio.numero}>{annuncio.testo}</span>}
      </div>
    </>
  );
}
