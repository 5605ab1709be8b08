/**
 * The header the service worker adds to the copy of a tracking answer it keeps on the device
 * (src/sw/sw.ts, D26): when that answer came from the server (ISO 8601). An answer that carries it
 * is the kept copy, given because the server could not be reached; a fresh answer never has it.
 */
export const SAVED_AT_HEADER = 'x-afsh-saved-at';
