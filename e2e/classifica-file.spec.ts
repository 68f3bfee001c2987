// 'Scarica la classifica' on the scores page (issue 28): the menu offers the
// three formats, and the CSV it downloads is the ranking the page shows.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { loadDemo } from './support/demo';
import { openScores, tableRanking } from './support/punteggi-page';

test('downloads the CSV of a concluded session, the same ranking as the page', async ({
  page,
  request,
}) => {
  const demo = await loadDemo(request);
  const sessione = demo.passato.sessioni[0]!.id;
  await openScores(page, `/sessione/${sessione}/punteggi/`);
  await page.getByRole('button', { name: 'Scarica la classifica' }).click();
  const voci = page.locator('.scarica-classifica .dropdown-item');
  await expect(voci).toHaveText(['CSV (Excel, LibreOffice)', 'Excel (XLSX)', 'PDF da stampare']);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV (Excel, LibreOffice)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^classifica-.+\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = bytes.toString('utf8').slice(1).trim().split('\r\n');
  expect(header!.split(';').slice(0, 7)).toEqual([
    'Posizione',
    'Squadra',
    'Scuola',
    'Città',
    'Polo',
    'Ospite',
    'Totale',
  ]);
  // The page's first rows (the table is virtualised): position and total as in the file.
  const pagina = await tableRanking(page);
  expect(pagina.length).toBeGreaterThan(0);
  pagina.slice(0, 10).forEach((riga, i) => {
    const cells = rows[i]!.split(';');
    expect(cells[0]).toBe(riga.posizione === null ? '' : String(riga.posizione));
    expect(Number(cells[6])).toBe(riga.totale);
  });
});
