import { Page } from '../../components/Page';

/** Cookie policy: only the technical cookies of the session, nothing for profiling. */
export default function CookiePolicyPage() {
  return (
    <Page title="Cookie policy">
      <p className="lead">
        Questo sito usa soltanto i cookie tecnici necessari al suo funzionamento e nessun cookie di
        profilazione o di terze parti.
      </p>
      <h2 className="h4">Cookie tecnici</h2>
      <ul>
        <li>
          <code>sessionid</code>: mantiene l&apos;accesso degli utenti registrati; viene creato solo
          all&apos;accesso e cancellato all&apos;uscita o alla scadenza della sessione.
        </li>
        <li>
          <code>csrftoken</code>: protegge i moduli da richieste inviate da altri siti.
        </li>
      </ul>
      <p>
        Per questi cookie non è richiesto il consenso: senza di essi non sarebbe possibile accedere
        né inviare le risposte.
      </p>
      <h2 className="h4">Contenuti di terze parti</h2>
      <p>
        Il video della pagina principale è ospitato da YouTube in modalità privacy avanzata
        (youtube-nocookie.com) e viene caricato solo quando si preme il pulsante di riproduzione:
        prima di quel momento il sito non contatta YouTube. Le mappe delle classifiche scaricano le
        immagini del territorio da un servizio di mappe esterno, senza cookie.
      </p>
      <h2 className="h4">Come gestire i cookie</h2>
      <p className="mb-0">
        Puoi cancellare i cookie in ogni momento dalle impostazioni del browser; dopo averli
        cancellati dovrai accedere di nuovo.
      </p>
    </Page>
  );
}
