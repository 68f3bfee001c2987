import { Page } from '../../components/Page';

/** standard: live scores; standard-model: with developer options; scuola: following one school. */
export type PunteggiVariant = 'standard' | 'standard-model' | 'scuola';

const TITLES: Record<PunteggiVariant, string> = {
  standard: 'Punteggi',
  'standard-model': 'Punteggi - standard model',
  scuola: 'Punteggi della scuola',
};

export default function PunteggiPage({ variant }: { variant: PunteggiVariant }) {
  return <Page title={TITLES[variant]} />;
}
