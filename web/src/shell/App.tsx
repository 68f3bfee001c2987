// The app's tree, one for both renderers: the browser's (main.tsx) and the
// server's painting of a public page's first screen (entry-server.tsx). The
// browser hydrates what the server painted (`hydrateRoot`), so its first
// render of each part must be the server's to the attribute: the same
// routes, the same answers (primaSchermata.tsx seeds them), and what only the
// browser knows (the URL's hash, the viewer's choices kept on the device,
// the time) left for the render right after (lib/idratazione.ts).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ComponentProps } from 'react';
import { RouterProvider } from 'react-router';
import { PaginaDipinta } from '../lib/idratazione';

type Router = ComponentProps<typeof RouterProvider>['router'];

/** `dipinta`: the tree is (or hydrates) a page the server painted. */
export function App(props: { client: QueryClient; router: Router; dipinta: boolean }) {
  return (
    <StrictMode>
      <PaginaDipinta.Provider value={props.dipinta}>
        <QueryClientProvider client={props.client}>
          <RouterProvider router={props.router} />
        </QueryClientProvider>
      </PaginaDipinta.Provider>
    </StrictMode>
  );
}
