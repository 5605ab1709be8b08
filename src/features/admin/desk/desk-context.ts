import { createContext, useContext, useEffect, useRef } from 'react';
import type { DeskChange } from '../../../data/port';

/**
 * A live change, or word that the stream came back after a break (changes made meanwhile were
 * not heard: whoever shows them should load them again).
 */
export type DeskEvent = DeskChange | { type: 'reconnected' };

/** What screens below the desk use: its live changes (one stream for the whole page). */
export interface DeskEvents {
  subscribe(listener: (event: DeskEvent) => void): () => void;
}

export const DeskContext = createContext<DeskEvents | null>(null);

/** Calls `listener` (its latest version) with every live change of the admin desk. */
export function useDeskChanges(listener: (event: DeskEvent) => void): void {
  const desk = useContext(DeskContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => desk?.subscribe((change) => latest.current(change)), [desk]);
}
