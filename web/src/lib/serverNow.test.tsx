// The server's clock for a page's heavy render (useServerNowInTransition):
// the same ticking instant as useServerNow's, each tick rendered in a
// transition rather than at once (a whole scores page in one task).
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useServerNow, useServerNowInTransition } from './serverNow';

const PERIODO = 100;

function InTransizione() {
  return <p>{useServerNowInTransition(0, PERIODO)}</p>;
}

function Sincrono() {
  return <p>{useServerNow(0, PERIODO)}</p>;
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let contenitori: HTMLElement[];
let radici: Root[];

beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  contenitori = [document.createElement('div'), document.createElement('div')];
  radici = contenitori.map((c) => createRoot(c));
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  act(() => radici.forEach((r) => r.unmount()));
});

it("shows the shared ticker's instant, a tick drawn in a later task than useServerNow draws it", async () => {
  const [inTransizione, sincrono] = contenitori as [HTMLElement, HTMLElement];
  await act(async () => {
    radici[0]!.render(<InTransizione />);
    radici[1]!.render(<Sincrono />);
  });
  expect(inTransizione.textContent).toBe(sincrono.textContent);
  // Outside act, React schedules its work as in a browser.
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const prima = sincrono.textContent;
  // Right after the synchronous clock drew the tick (a microtask of the tick's own task).
  const allaTacca = await new Promise<string | null>((resolve) =>
    new MutationObserver(() => resolve(inTransizione.textContent)).observe(sincrono, {
      subtree: true,
      childList: true,
      characterData: true,
    }),
  );
  expect(sincrono.textContent).not.toBe(prima);
  expect(allaTacca).toBe(prima);
  // React's scheduler renders the transition in a task of its own, the same instant.
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(inTransizione.textContent).toBe(sincrono.textContent);
});
