// The unit project's setup file (vite.config.ts): every unit file sees the fake Firebase SDK
// (testing-fake-firestore.ts, testing-fake-phone-auth.ts) instead of the real one, which would
// reach for a project over the network. The files of a worker share their modules, so the fakes
// are one object per module that tests may change, and the same in every file.
import { vi } from 'vitest';

vi.mock('firebase/app', async () => (await import('./testing-fake-firestore')).fakeAppModule);
vi.mock('firebase/auth', async () =>
  Object.assign(
    (await import('./testing-fake-firestore')).fakeAuthModule,
    (await import('./testing-fake-phone-auth')).fakePhoneAuthFunctions,
  ),
);
vi.mock(
  'firebase/firestore',
  async () => (await import('./testing-fake-firestore')).fakeFirestoreModule,
);
vi.mock(
  'firebase/functions',
  async () => (await import('./testing-fake-firestore')).fakeFunctionsModule,
);
vi.mock(
  'firebase/app-check',
  async () => (await import('./testing-fake-firestore')).fakeAppCheckModule,
);
