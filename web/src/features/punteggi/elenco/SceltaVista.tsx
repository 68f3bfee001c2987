// 'Tabella' / 'Elenco': the form of the ranking in the 'Classifica' tab, a
// choice kept on the device (vista.ts).
import type { Vista } from './vista';

const VISTE: { key: Vista; label: string }[] = [
  { key: 'tabella', label: 'Tabella' },
  { key: 'elenco', label: 'Elenco' },
];

export function SceltaVista({ vista, onChange }: { vista: Vista; onChange(v: Vista): void }) {
  return (
    <div
      className="btn-group btn-group-sm mb-2"
      role="group"
      aria-label="Mostra la classifica come"
    >
      {VISTE.map(({ key, label }) => (
        <button
          key={key}
          type="button"
          className={`btn ${vista === key ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={vista === key}
          onClick={() => onChange(key)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
