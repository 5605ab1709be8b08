import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaticRouter, unstable_HistoryRouter as HistoryRouter, useRoutes } from 'react-router';
import { env } from '../config/env';
import type { DataPort } from '../data/port';
import { createDataPort } from '../data/select-adapter';
import { DataPortContext } from '../data/react/data-port-context';
import { InitialDataContext, type InitialData } from '../data/react/initial-data';
import { isLanguage, languageOfPath } from '../i18n/languages';
import { RenderedModulesContext } from './rendered-modules';
import { routes } from './routes';
import { PageFallback } from './layout/page-fallback';
import { SessionProvider } from '../data/react/session-provider';
import { createLanguageHistory, type LanguageHistory } from './language-history';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The address follows the language: switching language rewrites it in place (`/prices` ↔
 * `/en/prices`), and Back or Forward into a page of the other language switches back.
 */
function LanguageAddress({ history }: { history: LanguageHistory }) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const follow = (language: string) => {
      if (isLanguage(language)) history.setLanguage(language);
    };
    i18n.on('languageChanged', follow);
    const stop = history.listen(() => {
      const language = languageOfPath(window.location.pathname);
      if (language !== i18n.language) void i18n.changeLanguage(language);
    });
    return () => {
      i18n.off('languageChanged', follow);
      stop();
    };
  }, [history, i18n]);
  return null;
}

function BrowserApp({ history: given }: { history: LanguageHistory | undefined }) {
  const [history] = useState(() => given ?? createLanguageHistory());
  return (
    <HistoryRouter history={history}>
      <LanguageAddress history={history} />
      <Suspense fallback={<PageFallback />}>
        <AppRoutes />
      </Suspense>
    </HistoryRouter>
  );
}

export interface AppProps {
  port?: DataPort;
  /** The browser's history, made ahead of the first render (src/main.tsx says why). */
  history?: LanguageHistory;
  /** Data the page was rendered with on the server (InitialData). */
  initialData?: InitialData;
  /** Prerendering: render this path (without its language prefix) with no browser around. */
  location?: string;
  /** Prerendering: collects the source modules of the screens that render. */
  renderedModules?: Set<string>;
}

export function App({
  port: given,
  history,
  initialData,
  location,
  renderedModules,
}: AppProps = {}) {
  // One port for the app's lifetime: it holds the auth listeners and the session state.
  const [port] = useState(() => given ?? createDataPort(env.backend));
  const [data] = useState(() => initialData ?? {});
  return (
    <DataPortContext.Provider value={port}>
      <InitialDataContext.Provider value={data}>
        <SessionProvider port={port}>
          {location === undefined ? (
            <BrowserApp history={history} />
          ) : (
            <RenderedModulesContext.Provider value={renderedModules ?? null}>
              <StaticRouter location={location}>
                <Suspense fallback={<PageFallback />}>
                  <AppRoutes />
                </Suspense>
              </StaticRouter>
            </RenderedModulesContext.Provider>
          )}
        </SessionProvider>
      </InitialDataContext.Provider>
    </DataPortContext.Provider>
  );
}
