import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { routes } from '../app/routes.tsx';

// Testing Library unmounts after each test only when test globals are on; they are not here.
afterEach(cleanup);

/** The real route table in a memory router, starting at `path` (with optional history state). */
export function renderApp(path: string, state?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(path), state }] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}

/**
 * `renderApp`, once the route's code has arrived: the public screens and the shell are lazy
 * chunks, so the first render shows the page placeholder until they load.
 */
export async function renderLoadedApp(path: string, state?: unknown) {
  const view = renderApp(path, state);
  await waitFor(() => {
    if (screen.queryByTestId('page-loading')) throw new Error('the route is still loading');
  });
  return view;
}
