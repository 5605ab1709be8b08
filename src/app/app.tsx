import { Suspense, useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { env } from '../config/env';
import type { DataPort } from '../data/port';
import { createDataPort } from '../data/select-adapter';
import { DataPortContext } from '../data/react/data-port-context';
import { routes } from './routes';
import { PageFallback } from './layout/page-fallback';
import { SessionProvider } from '../data/react/session-provider';

function AppRoutes() {
  return useRoutes(routes);
}

export function App({ port: given }: { port?: DataPort } = {}) {
  // One port for the app's lifetime: it holds the auth listeners and the session state.
  const [port] = useState(() => given ?? createDataPort(env.backend));
  return (
    <DataPortContext.Provider value={port}>
      <SessionProvider port={port}>
        <BrowserRouter>
          <Suspense fallback={<PageFallback />}>
            <AppRoutes />
          </Suspense>
        </BrowserRouter>
      </SessionProvider>
    </DataPortContext.Provider>
  );
}
