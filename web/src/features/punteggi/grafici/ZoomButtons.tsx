// Buttons moving a chart's window, so the keyboard can zoom and scroll it
// (the slider and the wheel inside the canvas are the mouse's only).
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
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
    <ButtonGroup size="sm" className="flex-wrap mb-2" aria-label={`Zoom del ${labels.chart}`}>
      {buttons.map(([action, text]) => (
        <Button key={action} variant="outline-secondary" onClick={() => props.onZoom(action)}>
          {text}
        </Button>
      ))}
    </ButtonGroup>
  );
}
