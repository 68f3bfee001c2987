import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SCARICA_CLASSIFICA, ScaricaClassifica } from './ScaricaClassifica';

afterEach(cleanup);

const links = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe("'Scarica la classifica'", () => {
  it('offers the session as CSV, XLSX and PDF, and each venue on its own', () => {
    render(<ScaricaClassifica sessioneId={7} poli={[{ id: 3, nome_breve: 'Polo di Pisa' }]} />);
    fireEvent.click(screen.getByRole('button', { name: SCARICA_CLASSIFICA }));
    expect(links()).toEqual([
      ['CSV (Excel, LibreOffice)', '/api/gas/sessione/7/classifica/?formato=csv'],
      ['Excel (XLSX)', '/api/gas/sessione/7/classifica/?formato=xlsx'],
      ['PDF da stampare', '/api/gas/sessione/7/classifica/?formato=pdf'],
      ['CSV (Excel, LibreOffice)', '/api/gas/sessione/7/classifica/?formato=csv&polo=3'],
      ['Excel (XLSX)', '/api/gas/sessione/7/classifica/?formato=xlsx&polo=3'],
      ['PDF da stampare', '/api/gas/sessione/7/classifica/?formato=pdf&polo=3'],
    ]);
    expect(screen.getByText('Solo Polo di Pisa')).toBeTruthy();
    for (const a of screen.getAllByRole('link')) expect(a.hasAttribute('download')).toBe(true);
  });

  it('offers a whole event as XLSX and PDF (no CSV)', () => {
    render(<ScaricaClassifica eventoId={2} />);
    fireEvent.click(screen.getByRole('button', { name: SCARICA_CLASSIFICA }));
    expect(links()).toEqual([
      ['Excel (XLSX)', '/api/gas/evento/2/classifica/?formato=xlsx'],
      ['PDF da stampare', '/api/gas/evento/2/classifica/?formato=pdf'],
    ]);
  });
});
