import { caddyVersion, ensureCaddy } from './lib/caddy.ts';
import {
  commandVersion,
  ensureDebianCommand,
  NGINX,
  OPENSSL,
  SYSTEMD_ANALYZE,
} from './lib/debian-command.ts';

// Before the API tests, the Debian packages the tests of deploy/ run (D24): caddy and nginx in
// front of the server (proxy-caddy, proxy-nginx), systemd-analyze over the units (deploy-units).
try {
  const caddy = ensureCaddy();
  console.info(`caddy: ${caddyVersion(caddy)} (${caddy})`);
  for (const spec of [NGINX, OPENSSL, SYSTEMD_ANALYZE]) {
    const path = ensureDebianCommand(spec);
    console.info(`${spec.command}: ${commandVersion(spec, path)} (${path})`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
