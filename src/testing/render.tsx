import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type Options, type UserEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Language } from '../i18n/languages';
import type { DataPort } from '../data/port';
import { DataPortContext } from '../data/react/data-port-context';
import { SessionProvider } from '../data/react/session-provider';
import { createTestI18n } from './test-i18n';

export interface RenderOptions {
  language?: Language;
  route?: string;
  state?: unknown;
  /** Extra routes rendered beside the UI, e.g. to assert where a button navigates. */
  extraRoutes?: { path: string; element: ReactNode }[];
  /**
   * A DataPort for screens that load or save data: usually `new MemoryBackend().client()`. With
   * it the screen also gets the session (SessionProvider), as in the app.
   */
  port?: DataPort;
  /** For `userEvent.setup`: with fake timers, `{ advanceTimers: vi.advanceTimersByTime }`. */
  userOptions?: Options;
}

/** Shows where the router is, so tests can assert navigation the way a person sees a URL. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  { language = 'ar', route = '/', state, extraRoutes = [], port, userOptions }: RenderOptions = {},
): RenderResult & { user: UserEvent } {
  const i18n = createTestI18n(language);
  const user = userEvent.setup(userOptions);
  const tree = (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter
        initialEntries={[
          {
            pathname: route.split('?')[0] ?? '/',
            search: route.includes('?') ? `?${route.split('?')[1]}` : '',
            state,
          },
        ]}
      >
        <Routes>
          <Route path="*" element={ui} />
          {extraRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </I18nextProvider>
  );
  const result = render(
    port ? (
      <DataPortContext.Provider value={port}>
        <SessionProvider port={port}>{tree}</SessionProvider>
      </DataPortContext.Provider>
    ) : (
      tree
    ),
  );
  return { ...result, user };
}
