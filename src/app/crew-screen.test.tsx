import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataError, type DispatchPort } from '../data/port';
import { FIELD_MESSAGES, type CrewJobs } from '../domain/field';
import { crewJob, crewJobs } from '../features/crew/crew-fixtures';
import { MemoryBackend } from '../testing/memory-adapter';
import { renderWithProviders } from '../testing/render';
import authAr from '../../locales/ar/auth.json';
import crewAr from '../../locales/ar/crew.json';
import errorsAr from '../../locales/ar/errors.json';
import { CrewScreen } from './crew-screen';

// The crew's phone with the auth feature's sign-in by number, as the app wires them (D13, D28).

function fakeDispatch() {
  return {
    fleet: vi.fn(),
    saveFleet: vi.fn(),
    board: vi.fn(),
    assign: vi.fn(),
    crewTap: vi.fn(),
    crewJobs: vi.fn(async (): Promise<CrewJobs> => {
      throw new DataError('unauthenticated', 'errors:unauthenticated');
    }),
  } satisfies DispatchPort;
}

async function signIn(
  backend: MemoryBackend,
  user: ReturnType<typeof renderWithProviders>['user'],
  phone: string,
) {
  const region = await screen.findByRole('region', { name: crewAr.signIn.title });
  await user.type(within(region).getByLabelText(authAr.phone.number), phone);
  await user.click(within(region).getByRole('button', { name: authAr.phone.send }));
  await user.type(
    await within(region).findByLabelText(authAr.phone.code),
    backend.phoneCodeFor(phone),
  );
  await user.click(within(region).getByRole('button', { name: authAr.phone.verify }));
}

describe('the crew’s phone with sign-in by number', () => {
  it('asks for the leader’s number and code, then lists the crew’s jobs', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    const dispatch = fakeDispatch();
    dispatch.crewJobs.mockImplementation(async () => {
      const me = await port.auth.current();
      if (!me?.phone) throw new DataError('unauthenticated', 'errors:unauthenticated');
      return crewJobs([crewJob()]);
    });
    const { user } = renderWithProviders(<CrewScreen />, {
      route: '/crew',
      port: Object.assign(port, { dispatch }),
    });
    await signIn(backend, user, '01001234567');
    expect(await screen.findByRole('heading', { level: 1, name: 'فريق المعادي' })).toBeVisible();
    expect(screen.getByRole('article', { name: /AF-20261202-101/ })).toBeVisible();
    expect(screen.queryByRole('region', { name: crewAr.signIn.title })).toBeNull();
  });

  it('a number that is no crew leader’s is told so, with a way to sign out', async () => {
    const backend = new MemoryBackend();
    const port = backend.client();
    const dispatch = fakeDispatch();
    dispatch.crewJobs.mockImplementation(async () => {
      const me = await port.auth.current();
      if (!me?.phone) throw new DataError('unauthenticated', 'errors:unauthenticated');
      throw new DataError('permission-denied', FIELD_MESSAGES.notCrew);
    });
    const { user } = renderWithProviders(<CrewScreen />, {
      route: '/crew',
      port: Object.assign(port, { dispatch }),
    });
    await signIn(backend, user, '01112345678');
    const denied = await screen.findByRole('alert');
    expect(denied).toHaveTextContent(errorsAr.field.notCrew);
    await user.click(within(denied).getByRole('button', { name: crewAr.signOut }));
    expect(await screen.findByRole('region', { name: crewAr.signIn.title })).toBeVisible();
  });
});
