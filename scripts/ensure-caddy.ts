import { caddyVersion, ensureCaddy } from './lib/caddy.ts';

// Before the API tests: the reverse-proxy test runs Debian's caddy in front of the server.
try {
  const path = ensureCaddy();
  console.info(`caddy: ${caddyVersion(path)} (${path})`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
