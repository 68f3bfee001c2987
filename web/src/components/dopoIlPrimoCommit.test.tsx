// Dropdowns mounted after the app's first commit (the navbar's 'Eventi',
// 'Scarica la classifica'): drawn first as the very toggle the real dropdown
// draws closed (nothing moves when it is replaced), then the real menu; a
// click made before then is not lost.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import Dropdown from 'react-bootstrap/Dropdown';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { afterEach, describe, expect, it } from 'vitest';
import { NavDropdownDopoIlPrimoCommit } from './dopoIlPrimoCommit';
import { SCARICA_CLASSIFICA, ScaricaClassifica } from './ScaricaClassifica';

const voci = (
  <>
    <NavDropdown.Item href="/eventi/">Tutti gli eventi</NavDropdown.Item>
    <NavDropdown.Item href="/eventi/non-ufficiali/">Eventi non ufficiali</NavDropdown.Item>
  </>
);

function nodo(html: string): Element {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.firstElementChild!;
}

describe('dropdowns mounted after the first commit', () => {
  const montati: HTMLElement[] = [];
  afterEach(() => {
    // One toggle with its id in the document at a time, as in the app.
    cleanup();
    for (const el of montati.splice(0)) el.remove();
  });

  it.each([false, true])('is first drawn as NavDropdown draws it closed (active: %s)', (active) => {
    const prima = renderToStaticMarkup(
      <NavDropdownDopoIlPrimoCommit id="menu-eventi" title="Eventi" active={active}>
        {voci}
      </NavDropdownDopoIlPrimoCommit>,
    );
    const vero = renderToStaticMarkup(
      <NavDropdown id="menu-eventi" title="Eventi" active={active}>
        {voci}
      </NavDropdown>,
    );
    // The same elements and attributes, whatever their order in the text.
    expect(nodo(prima).isEqualNode(nodo(vero))).toBe(true);
  });

  it("'Scarica la classifica' is first drawn as its Dropdown draws it closed", () => {
    const prima = renderToStaticMarkup(<ScaricaClassifica sessioneId={7} />);
    const vero = renderToStaticMarkup(
      <Dropdown className="d-inline-block scarica-classifica">
        <Dropdown.Toggle variant="outline-primary" size="sm" id="scarica-classifica">
          {SCARICA_CLASSIFICA}
        </Dropdown.Toggle>
        <Dropdown.Menu>{voci}</Dropdown.Menu>
      </Dropdown>,
    );
    expect(nodo(prima).isEqualNode(nodo(vero))).toBe(true);
  });

  it('becomes the real dropdown: its toggle opens the menu', async () => {
    render(
      <NavDropdownDopoIlPrimoCommit id="menu-eventi" title="Eventi">
        {voci}
      </NavDropdownDopoIlPrimoCommit>,
    );
    expect(screen.queryByText('Tutti gli eventi')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Eventi' }));
    await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Eventi' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('a click before it is mounted opens the menu once it is, and keeps the focus', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    montati.push(container);
    const root = createRoot(container);
    // The first commit only: the dropdown's mount is a transition still to come.
    flushSync(() =>
      root.render(
        <NavDropdownDopoIlPrimoCommit id="menu-eventi" title="Eventi">
          {voci}
        </NavDropdownDopoIlPrimoCommit>,
      ),
    );
    const toggle = () => container.querySelector<HTMLElement>('#menu-eventi')!;
    const prima = toggle();
    expect(container.querySelector('.dropdown-menu')).toBeNull();
    prima.focus();
    fireEvent.click(prima);
    await waitFor(() => expect(container.querySelector('.dropdown-menu.show')).not.toBeNull());
    const dopo = toggle();
    expect(dopo).not.toBe(prima);
    expect(document.activeElement).toBe(dopo);
    root.unmount();
  });
});
