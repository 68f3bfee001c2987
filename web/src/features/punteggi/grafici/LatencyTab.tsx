// 'Latenza arrivo risposte' (superusers): the delay between an answer's
// delivery time and its arrival at the server, as a histogram, with a
// download of the raw events (risposta-all with date_received).
import { conta, type EventoPunteggioRow } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import { QueryState } from '../../../components/QueryState';
import { testoCsv } from '../../../lib/csv';
import { fetchAllEvents, punteggiKeys } from '../api';
import { italianNumber } from './axes';
import { EChart } from './EChart';
import { histogram } from './chartData';

/** Latencies in seconds of the events that carry date_received. */
export function latencies(events: readonly EventoPunteggioRow[]): number[] {
  const out: number[] = [];
  for (const e of events) {
    if (!e.date_received) continue;
    const ms = Date.parse(e.date_received) - Date.parse(e.d);
    if (Number.isFinite(ms)) out.push(ms / 1000);
  }
  return out;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

const seconds = (v: number) =>
  `${v.toLocaleString('it-IT', { maximumFractionDigits: v < 10 ? 2 : 0 })} s`;

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function toCsv(events: readonly EventoPunteggioRow[]): string {
  return testoCsv(
    ['id', 'k', 's', 'p', 'c', 'd', 'date_received'],
    events.map((e) => [e.id, e.k, e.s, e.p, e.k === 'r' ? e.c : '', e.d, e.date_received ?? '']),
  );
}

export default function LatencyTab({ sessioneId }: { sessioneId: number }) {
  const query = useQuery({
    queryKey: punteggiKeys.latenza(sessioneId),
    queryFn: ({ signal }) => fetchAllEvents(sessioneId, signal),
    staleTime: 30_000,
  });
  return (
    <QueryState query={query}>
      {(events) => <Latency events={events} sessioneId={sessioneId} />}
    </QueryState>
  );
}

function Latency({ events, sessioneId }: { events: EventoPunteggioRow[]; sessioneId: number }) {
  const values = useMemo(() => latencies(events), [events]);
  const sorted = useMemo(() => [...values].sort((a, b) => a - b), [values]);
  // The bulk of the distribution: outliers (answers typed in later) beyond p99 go in the last bin.
  const cap = quantile(sorted, 0.99);
  const h = useMemo(() => histogram(values.map((v) => Math.min(v, cap))), [values, cap]);
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: italianNumber },
      grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: h.labels,
        name: 'Secondi',
        axisLabel: { hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        name: 'Risposte',
        minInterval: 1,
        axisLabel: { formatter: italianNumber },
      },
      series: [
        { name: 'Risposte', type: 'bar', barCategoryGap: '5%', data: h.counts, color: '#6f42c1' },
      ],
    }),
    [h],
  );
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() =>
            download(
              `eventi-sessione-${sessioneId}-${stamp}.json`,
              'application/json',
              JSON.stringify(events, null, 1),
            )
          }
        >
          Scarica gli eventi grezzi (JSON)
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() =>
            download(`eventi-sessione-${sessioneId}-${stamp}.csv`, 'text/csv', toCsv(events))
          }
        >
          Scarica gli eventi grezzi (CSV)
        </Button>
      </div>
      {values.length === 0 ? (
        <p>Nessuna risposta con l&apos;ora di arrivo.</p>
      ) : (
        <>
          <p className="small" data-testid="latenza-statistiche">
            {conta(values.length, 'risposta', 'risposte')} · mediana{' '}
            {seconds(quantile(sorted, 0.5))} · 95° percentile {seconds(quantile(sorted, 0.95))} ·
            massimo {seconds(sorted[sorted.length - 1]!)}
          </p>
          <EChart
            option={option}
            label="Istogramma della latenza di arrivo delle risposte"
            testId="latenza"
          />
        </>
      )}
    </>
  );
}
