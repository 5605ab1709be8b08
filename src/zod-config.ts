import { z } from 'zod';

// zod compiles a fast parser for object schemas with `new Function` when it may, and probes for
// that with an eval the site's CSP (no 'unsafe-eval') refuses: Chrome reports the refusal as a
// CSP issue on every screen with a form. The browser validates a few fields at a time, so the
// interpreted parser costs nothing noticeable. Imported first by main.tsx: the choice is read
// when a schema is built. The server keeps the compiled parser.
z.config({ jitless: true });
