import { Page } from '../../components/Page';

export default function ResponsabileFormPage({ mode }: { mode: 'nuovo' | 'modifica' }) {
  return (
    <Page
      title={
        mode === 'nuovo' ? 'Nuovo responsabile di squadra' : 'Modifica responsabile di squadra'
      }
    />
  );
}
