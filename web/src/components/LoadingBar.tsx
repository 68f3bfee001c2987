import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/**
 * The 4 px bar at the top of the window while any request is pending (spec
 * §2, §9). Decorative: pages announce their own loading states.
 */
export function LoadingBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return (
    <div
      className={`loading-bar${busy ? ' loading-bar--active' : ''}`}
      aria-hidden="true"
      data-testid="loading-bar"
      data-busy={busy ? 'true' : 'false'}
    />
  );
}
