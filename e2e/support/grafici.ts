// The scores page's charts in the tests: a chart is drawn once its box is on
// screen (web/src/features/punteggi/grafici/EChart.tsx), as a viewer scrolling
// to it would see it; below the fold (a phone) it is scrolled to first.
import { expect, type Page } from '@playwright/test';

/** The chart with `testId`, scrolled to and drawn. */
export async function graficoDisegnato(page: Page, testId: string): Promise<void> {
  const grafico = page.getByTestId(testId);
  await grafico.scrollIntoViewIfNeeded();
  await expect(grafico.locator('canvas')).toBeVisible();
}
