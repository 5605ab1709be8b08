import { Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes';
import { PageFallback } from './layout/page-fallback';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageFallback />}>
        <AppRoutes />
      </Suspense>
    </BrowserRouter>
  );
}
