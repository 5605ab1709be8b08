import { MemoryBackend } from '../../src/testing/memory-adapter';
import { describeDataPortContract } from './data-port.contract';

const ADMIN = { email: 'admin@afsh.test', password: 'Admin-pass-2026' };

describeDataPortContract('memory', async () => {
  const backend = new MemoryBackend();
  backend.createAdmin(ADMIN.email, ADMIN.password);
  return {
    newClient: () => backend.client(),
    phoneCode: async ({ challengeId }) => backend.phoneCodeFor(challengeId),
    adminClient: async () => {
      const client = backend.client();
      await client.auth.signIn(ADMIN);
      return client;
    },
    close: async () => {},
  };
});
