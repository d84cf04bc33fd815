import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
