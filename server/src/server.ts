import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { build, DEFAULT_STATIC_DIR } from './app.ts';
import { EnvError, loadDotEnvFile, loadEnv } from './plugins/env.ts';
import type { ServerEnv } from './plugins/env.ts';
import { productionRefusal, serverProductionProblems } from './production-guard.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

// "0.0.0.0" is where we listen, not an address a person can open; localhost reaches it.
function displayUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'];
  const shown = local.includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

function readEnv(): ServerEnv {
  loadDotEnvFile(fileURLToPath(new URL('../../.env', import.meta.url)));
  try {
    return loadEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function handleShutdown(app: FastifyInstance): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting for requests in flight');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A client that holds a request open must not keep a deploy or Ctrl+C waiting forever.
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s: forcing exit`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function main(): Promise<void> {
  const env = readEnv();
  if (env.NODE_ENV === 'production') {
    // Placeholder numbers, no public address, test payments, a known admin password, set or
    // already stored (D24).
    let problems: string[];
    try {
      problems = await serverProductionProblems(
        process.env,
        env.STATIC_DIR ?? DEFAULT_STATIC_DIR,
        env.DATABASE_PATH,
      );
    } catch (error) {
      console.error(
        `Afsh could not start: the admin accounts in ${env.DATABASE_PATH} could not be read: ${(error as Error).message}`,
      );
      process.exit(1);
    }
    if (problems.length > 0) {
      console.error(productionRefusal(problems));
      process.exit(1);
    }
  }
  // The database plugin creates the file's directory, migrates, and closes it in onClose,
  // after the requests in flight have been answered (see handleShutdown).
  let app: FastifyInstance;
  try {
    app = await build({ env, logger: { level: env.LOG_LEVEL }, initialAdmin: true });
  } catch (error) {
    // Most often the database: a directory without write permission, a corrupt file, or a
    // migration that failed (its file is named). The message says which; no stack needed.
    console.error(`Afsh could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  handleShutdown(app);

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint =
      code === 'EADDRINUSE'
        ? ` (port ${env.PORT} is in use: stop the other process or set PORT)`
        : code === 'EACCES'
          ? ` (no permission to listen on port ${env.PORT}: choose a port above 1023)`
          : '';
    app.log.fatal({ err: error }, `could not listen on ${env.HOST}:${env.PORT}${hint}`);
    process.exit(1);
  }

  const { port } = app.server.address() as AddressInfo;
  const url = displayUrl(env.HOST, port);
  app.log.info({ url }, `Afsh is ready at ${url}`);
}

await main();
