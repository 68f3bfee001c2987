// A tab of the scores page still waiting for its code or its answers. It
// keeps a chart's room: with a spinner or one line alone the page got short,
// the footer came up and went down again when the tab came (a layout shift,
// Lighthouse CLS 0.11 on #grafico).
import { PageLoading } from '../../components/PageLoading';

export function AttesaScheda({ testo }: { testo?: string }) {
  return <div className="punteggi-pannello-attesa">{testo ? <p>{testo}</p> : <PageLoading />}</div>;
}
