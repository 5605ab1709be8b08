// The browser's side of start-up, loaded by src/main.tsx after the strings (see there for why in
// stages). Everything here is ready before React takes over the page.
import { StrictMode, useEffect, useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { env } from '../config/env';
import type { InitialData } from '../data/react/initial-data';
import { createDataPort } from '../data/select-adapter';
import { App } from './app';
import { createLanguageHistory } from './language-history';

export { preloadScreens } from './routes';

/** Calls back once the app's first render is on the page, and once its effects have run. */
function Mounted({
  onMounted,
  onSettled,
  children,
}: {
  onMounted: () => void;
  onSettled: () => void;
  children: ReactNode;
}) {
  useLayoutEffect(onMounted, [onMounted]);
  // A parent's effects run after its children's: by now every screen's effects have run.
  useEffect(onSettled, [onSettled]);
  return children;
}

/**
 * The app as the browser renders it, with its data port and history made ahead of rendering, and
 * the data the server rendered the page with, if any.
 */
export function browserApp(
  initialData: InitialData | undefined,
  onMounted: () => void = () => {},
  onSettled: () => void = () => {},
): ReactElement {
  const port = createDataPort(env.backend);
  const history = createLanguageHistory();
  return (
    <StrictMode>
      <Mounted onMounted={onMounted} onSettled={onSettled}>
        <App port={port} history={history} initialData={initialData} />
      </Mounted>
    </StrictMode>
  );
}
