// Pages are code-split (routes.tsx), and so are the scores page's chart tabs
// (ScoresTabs): each renders a React.lazy component
// until its chunk is loaded, and can be loaded ahead of its first render. main.tsx does that for the page
// the server painted: React's first commit is then that page itself, instead
// of the server's copy shown again while the chunk loads and replaced a moment
// later (two rebuilds of the whole page's DOM, each a long restyle and layout
// on a phone).
import {
  createElement,
  isValidElement,
  lazy,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

// React's own constraint on lazy()'s component.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;
type Loader<T> = () => Promise<{ default: T }>;

export type LazyPage<T extends AnyComponent> = ComponentType<ComponentProps<T>> & {
  /** Loads the page's chunk; once loaded, the page renders without suspending. */
  preload: Loader<T>;
};

export function lazyPage<T extends AnyComponent>(load: Loader<T>): LazyPage<T> {
  let loaded: T | null = null;
  const preload = async () => {
    const module = await load();
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(preload);
  function Page(props: ComponentProps<T>) {
    // Decided once per mounted page: switching between the two would remount it.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return Object.assign(Page, { preload });
}

/** The loading of the page routed at `pathname`, or null when it is not a lazy page. */
export function preloadPageAt(routes: RouteObject[], pathname: string): Promise<unknown> | null {
  return preloadPageOf(matchRoutes(routes, pathname));
}

/**
 * The loading of the page of routes already matched (a router's own
 * matches: matching again ranks every route, 3-10 ms of a phone's start).
 */
export function preloadPageOf(
  matches: readonly { route: Pick<RouteObject, 'element'> }[] | null,
): Promise<unknown> | null {
  let element = matches?.at(-1)?.route.element;
  // The page, or the one element a wrapper of it has (home's LegacyHashRedirect).
  while (isValidElement<{ children?: unknown }>(element)) {
    const { preload } = element.type as Partial<LazyPage<AnyComponent>>;
    if (typeof preload === 'function') return preload();
    element = element.props.children as ReactNode;
  }
  return null;
}
