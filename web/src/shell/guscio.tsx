// The app's frame as HTML, rendered at build time with React's own server
// renderer (issue 29, item 3): the navbar, a loading page and the footer of a
// visitor not yet known, put in index.html's #root by the build
// (vite.config.ts, `guscioStatico`). A phone on slow 4G paints it as soon as
// the HTML and the stylesheet arrive, instead of a white screen until the
// app's code has loaded and run; the app then renders over it (createRoot
// replaces the container's content) with the same frame and its page. A
// page the server paints comes with its own frame instead (entry-server.tsx),
// which the app hydrates.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { Cornice } from '../components/Layout';
import { PageLoading } from '../components/PageLoading';

export function renderGuscio(): string {
  // No request is made: a server render runs no effects, so every query stays pending.
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <Cornice>
          <PageLoading />
        </Cornice>
      ),
    },
  ]);
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
