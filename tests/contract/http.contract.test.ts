import type { AddressInfo } from 'node:net';
import { HttpDataPort } from '../../src/data/http/http-adapter';
import { createTestServer, printedPhoneCode, TEST_ADMIN } from '../api/test-server.ts';
import { createCookieFetch } from './cookie-fetch';
import { describeDataPortContract } from './data-port.contract';
import { eventSourceWith } from './event-source';

// The HttpDataPort against the real server (real SQLite file, real sessions, real SSE) over a
// real socket. Each client is a browser with its own cookie jar and its own address: the server
// trusts X-Forwarded-For here, so the per-address review cooldown treats clients apart, as it
// would treat two customers.
describeDataPortContract('http', async () => {
  const server = await createTestServer({ TRUST_PROXY: 1 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  let clients = 0;

  const newClient = () => {
    clients += 1;
    const address = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
    const { fetch } = createCookieFetch({ headers: { 'x-forwarded-for': address } });
    return new HttpDataPort({ baseUrl, fetch, EventSource: eventSourceWith(fetch) });
  };

  return {
    newClient,
    phoneCode: async ({ challengeId }) => printedPhoneCode(server.app, challengeId),
    adminClient: async () => {
      const client = newClient();
      await client.auth.signIn(TEST_ADMIN);
      return client;
    },
    close: () => server.close(),
  };
});
