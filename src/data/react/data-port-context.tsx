import { createContext, useContext } from 'react';
import type { DataPort } from '../port';

/** The app's one DataPort (D1); tests provide a MemoryBackend client instead. */
export const DataPortContext = createContext<DataPort | null>(null);

export function useDataPort(): DataPort {
  const port = useContext(DataPortContext);
  if (!port) throw new Error('useDataPort() needs a <DataPortContext.Provider> above it');
  return port;
}
