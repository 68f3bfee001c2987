// A chart's legend as buttons in the page, not in the canvas: ECharts' own
// legend is drawn on the canvas and answers only the mouse, so a keyboard or
// screen-reader user could not hide or show a line (issue 29, "every control
// works from the keyboard"). Each entry is a toggle button (aria-pressed:
// shown) with the series' colour and dash; the chart keeps ECharts' legend
// hidden and takes the choice through `legend.selected`.
import { useCallback, useState } from 'react';

export interface VoceLegenda {
  /** The series' name, as ECharts knows it. */
  nome: string;
  colore: string;
  /** A line's dash; a bar's part is drawn as a filled square. */
  tratto?: 'solid' | 'dashed' | 'dotted';
}

/** The series hidden by the viewer, and the toggle of one. */
export function useSerieNascoste(): {
  nascoste: ReadonlySet<string>;
  alterna(nome: string): void;
} {
  const [nascoste, setNascoste] = useState<ReadonlySet<string>>(() => new Set());
  const alterna = useCallback((nome: string) => {
    setNascoste((prima) => {
      const dopo = new Set(prima);
      if (!dopo.delete(nome)) dopo.add(nome);
      return dopo;
    });
  }, []);
  return { nascoste, alterna };
}

/** ECharts' legend, hidden, holding which series are drawn. */
export function legendaNascosta(nomi: readonly string[], nascoste: ReadonlySet<string>) {
  return {
    show: false,
    selected: Object.fromEntries(nomi.map((nome) => [nome, !nascoste.has(nome)])),
  };
}

export function LegendaGrafico(props: {
  voci: readonly VoceLegenda[];
  nascoste: ReadonlySet<string>;
  onAlterna(nome: string): void;
  /** The group's accessible name, e.g. 'Squadre nel grafico'. */
  etichetta: string;
}) {
  return (
    <div className="legenda-grafico" role="group" aria-label={props.etichetta}>
      {props.voci.map((voce, i) => {
        const mostrata = !props.nascoste.has(voce.nome);
        return (
          <button
            // Two teams may share a name (ECharts then hides both together).
            key={`${i}:${voce.nome}`}
            type="button"
            className="legenda-grafico__voce"
            aria-pressed={mostrata}
            title={mostrata ? 'Nascondi dal grafico' : 'Mostra nel grafico'}
            onClick={() => props.onAlterna(voce.nome)}
          >
            <span
              aria-hidden="true"
              className={voce.tratto ? 'legenda-grafico__linea' : 'legenda-grafico__quadrato'}
              style={
                voce.tratto
                  ? { borderTopColor: voce.colore, borderTopStyle: voce.tratto }
                  : { backgroundColor: voce.colore }
              }
            />
            {voce.nome}
          </button>
        );
      })}
    </div>
  );
}
