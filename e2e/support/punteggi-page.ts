// Reading the scores page as the tests compare it with the server.
import { expect, type Page } from '@playwright/test';
import type { RankingRow } from './punteggi-api';

/** The score table's rows in display order (rows are virtualised: only those rendered). */
export function tableRanking(page: Page): Promise<RankingRow[]> {
  return page.locator('.score-table tbody tr[data-squadra]').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = row.querySelectorAll('td');
      const pos = cells[0]?.textContent?.trim() ?? '';
      return {
        id: Number((row as HTMLElement).dataset.squadra),
        posizione: /^\d+$/.test(pos) ? Number(pos) : null,
        totale: Number(cells[1]?.textContent?.trim()),
      };
    }),
  );
}

/** Names in the table, in display order. */
export function tableNames(page: Page): Promise<string[]> {
  return page.locator('.score-table tbody .team-btn').allTextContents();
}

/**
 * Waits for the scores page of a session to show its table built from the
 * answers: the table at any width (on a phone the page shows the list unless
 * the viewer chose the table, web/src/features/punteggi/elenco/vista.ts).
 */
export async function openScores(page: Page, path: string): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('gas:punteggi:vista', 'tabella'));
  await page.goto(path);
  await expect(page.locator('.score-table tbody tr[data-squadra]').first()).toBeVisible();
  await expect(page.getByText('Caricamento delle risposte…')).toHaveCount(0);
}

export const tabNames = (page: Page) =>
  page.getByRole('tablist').getByRole('tab').allTextContents();
