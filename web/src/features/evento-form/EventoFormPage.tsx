import { Page } from '../../components/Page';

export default function EventoFormPage({ mode }: { mode: 'nuovo' | 'modifica' }) {
  return <Page title={mode === 'nuovo' ? 'Creazione evento' : 'Modifica evento'} />;
}
