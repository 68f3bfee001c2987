// Buttons moving a chart's window, so the keyboard can zoom and scroll it
// (the slider and the wheel inside the canvas are the mouse's only).
import Button from 'react-bootstrap/Button';
import type { ZoomAction } from './zoom';

export interface ZoomLabels {
  /** The chart the buttons move, for their group's name. */
  chart: string;
  indietro: string;
  avanti: string;
}

export function ZoomButtons(props: { labels: ZoomLabels; onZoom(action: ZoomAction): void }) {
  const { labels } = props;
  const buttons: [ZoomAction, string][] = [
    ['ingrandisci', 'Ingrandisci'],
    ['riduci', 'Riduci'],
    ['indietro', labels.indietro],
    ['avanti', labels.avanti],
    ['tutto', 'Vista intera'],
  ];
  return (
    <div
      className="d-flex flex-wrap gap-1 mb-2"
      role="group"
      aria-label={`Zoom del ${labels.chart}`}
    >
      {buttons.map(([action, text]) => (
        <Button
          key={action}
          size="sm"
          variant="outline-secondary"
          onClick={() => props.onZoom(action)}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}
