// The charts' legend (issue 29): toggle buttons in the page whose pressed
// state is what ECharts draws. Native buttons, so Enter and Space work as in
// any browser (checked with real keys in e2e/punteggi-accessibile.spec.ts).
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LegendaGrafico, legendaNascosta, useSerieNascoste } from './LegendaGrafico';

function Legenda() {
  const { nascoste, alterna } = useSerieNascoste();
  return (
    <>
      <LegendaGrafico
        etichetta="Squadre nel grafico"
        voci={[
          { nome: 'Fotoni', colore: '#0072B2', tratto: 'solid' },
          { nome: 'Gluoni', colore: '#D55E00', tratto: 'dashed' },
        ]}
        nascoste={nascoste}
        onAlterna={alterna}
      />
      <output>{JSON.stringify(legendaNascosta(['Fotoni', 'Gluoni'], nascoste).selected)}</output>
    </>
  );
}

afterEach(cleanup);

describe('LegendaGrafico', () => {
  it('every series is a pressed toggle button in a named group, with its colour and dash', () => {
    render(<Legenda />);
    expect(screen.getByRole('group', { name: 'Squadre nel grafico' }).children).toHaveLength(2);
    const fotoni = screen.getByRole('button', { name: 'Fotoni' });
    expect(fotoni.getAttribute('aria-pressed')).toBe('true');
    const segno = screen.getByRole('button', { name: 'Gluoni' }).querySelector('span')!;
    expect(segno.getAttribute('aria-hidden')).toBe('true');
    expect(segno.style.borderTopStyle).toBe('dashed');
  });

  it('pressing hides and shows a series, and the chart is told', () => {
    render(<Legenda />);
    const gluoni = screen.getByRole('button', { name: 'Gluoni' });
    expect(gluoni.getAttribute('type')).toBe('button');
    fireEvent.click(gluoni);
    expect(gluoni.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('{"Fotoni":true,"Gluoni":false}');
    fireEvent.click(gluoni);
    expect(gluoni.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('{"Fotoni":true,"Gluoni":true}');
  });

  it('a bar part is drawn as a filled square', () => {
    render(
      <LegendaGrafico
        etichetta="Parti"
        voci={[{ nome: 'Punteggio base', colore: '#0072B2' }]}
        nascoste={new Set(['Punteggio base'])}
        onAlterna={() => {}}
      />,
    );
    const base = screen.getByRole('button', { name: 'Punteggio base' });
    expect(base.getAttribute('aria-pressed')).toBe('false');
    expect(base.querySelector('span')!.style.backgroundColor).toBe('rgb(0, 114, 178)');
  });

  it('the hook toggles one name at a time', () => {
    const { result } = renderHook(() => useSerieNascoste());
    act(() => result.current.alterna('A'));
    act(() => result.current.alterna('B'));
    act(() => result.current.alterna('A'));
    expect([...result.current.nascoste]).toEqual(['B']);
  });
});
