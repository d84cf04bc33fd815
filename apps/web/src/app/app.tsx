import { createBrowserRouter, RouterProvider } from 'react-router';
import { readStoredSession } from '../lib/id-token.ts';
import { AppProvider } from './provider.tsx';
import { preloadMatches, routes } from './routes.tsx';

const router = createBrowserRouter(routes);
// The first address's chunks (e.g. the shell and the tickets screen) are fetched side by side.
preloadMatches(router.state.matches, readStoredSession() !== null);

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
