// The yardstick of `npm run bench`: a bare Fastify server, started the same way as the real one
// (its own process, HOST and PORT from the environment), so a case's ratio to it says what our
// plugins, hooks, validation and SQL cost on top of Fastify itself on this machine, right now.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
// startServerProcess waits for this before it hands the server over.
app.get('/api/health', async () => ({ status: 'ok' }));

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
