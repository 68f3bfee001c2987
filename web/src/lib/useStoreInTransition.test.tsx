import { act, useEffect, useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useStoreInTransition } from './useStoreInTransition';

class Store {
  private listeners = new Set<() => void>();
  constructor(private value: number) {}
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  get = () => this.value;
  set(value: number) {
    this.value = value;
    for (const listener of this.listeners) listener();
  }
  get subscribers() {
    return this.listeners.size;
  }
}

function InTransition({ store }: { store: Store }) {
  return <p>{useStoreInTransition(store.subscribe, store.get)}</p>;
}

function Synchronous({ store }: { store: Store }) {
  return <p>{useSyncExternalStore(store.subscribe, store.get)}</p>;
}

let container: HTMLDivElement;
let root: Root;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  act(() => root.unmount());
});

const text = () => container.textContent;

describe('useStoreInTransition', () => {
  it('shows the value and follows changes; unsubscribes on unmount', async () => {
    const store = new Store(1);
    await act(async () => root.render(<InTransition store={store} />));
    expect(text()).toBe('1');
    await act(async () => store.set(2));
    expect(text()).toBe('2');
    expect(store.subscribers).toBe(1);
    await act(async () => root.render(<p>altro</p>));
    expect(store.subscribers).toBe(0);
  });

  it('renders a change as a transition, not synchronously in a microtask as useSyncExternalStore does', async () => {
    const inTransition = new Store(1);
    const synchronous = new Store(1);
    const transitionRoot = container.appendChild(document.createElement('div'));
    const syncRoot = container.appendChild(document.createElement('div'));
    const roots = [createRoot(transitionRoot), createRoot(syncRoot)];
    await act(async () => {
      roots[0]!.render(<InTransition store={inTransition} />);
      roots[1]!.render(<Synchronous store={synchronous} />);
    });
    // Outside act, React schedules work as in a browser.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    inTransition.set(2);
    synchronous.set(2);
    await Promise.resolve();
    await Promise.resolve();
    // The synchronous store is drawn before any task runs; the transition is not yet.
    expect(syncRoot.textContent).toBe('2');
    expect(transitionRoot.textContent).toBe('1');
    // A later task (React's scheduler) renders it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(transitionRoot.textContent).toBe('2');
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    act(() => roots.forEach((r) => r.unmount()));
  });

  it('catches a change made between the render and the subscription', async () => {
    const store = new Store(1);
    await act(async () => root.render(<ChangesBeforeSubscribing store={store} />));
    expect(text()).toBe('5');
  });

  it('reads a new store at once, never the previous store’s value', async () => {
    const a = new Store(1);
    const b = new Store(7);
    const seen: number[] = [];
    function Spy({ store }: { store: Store }) {
      const value = useStoreInTransition(store.subscribe, store.get);
      seen.push(value);
      return <p>{value}</p>;
    }
    await act(async () => root.render(<Spy store={a} />));
    seen.length = 0;
    await act(async () => root.render(<Spy store={b} />));
    expect(seen.every((v) => v === 7)).toBe(true);
    expect(text()).toBe('7');
    await act(async () => a.set(3));
    expect(text()).toBe('7');
    await act(async () => b.set(8));
    expect(text()).toBe('8');
  });
});

function ChangesBeforeSubscribing({ store }: { store: Store }) {
  // Declared before the hook: a component's effects run in order, so this
  // change comes after the render read 1 and before the hook subscribes.
  useEffect(() => store.set(5), [store]);
  return <p>{useStoreInTransition(store.subscribe, store.get)}</p>;
}
