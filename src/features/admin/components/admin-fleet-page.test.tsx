import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { DataError, type DataPort } from '../../../data/port';
import { FIRST_CAPACITY_PLAN } from '../../../domain/capacity';
import { fleetOfPlan } from '../../../domain/fleet';
import adminEn from '../../../../locales/en/admin.json';
import adminAr from '../../../../locales/ar/admin.json';
import validationEn from '../../../../locales/en/validation.json';
import validationAr from '../../../../locales/ar/validation.json';
import { crew, fleet, portWithDispatch } from '../testing-dispatch';
import { AdminFleetPage } from './admin-fleet-page';

function render(port: DataPort, language: 'ar' | 'en' = 'en') {
  return renderWithProviders(<AdminFleetPage />, { language, route: '/admin-fleet', port });
}

/** The crew's part of the form: its fieldset, named by its legend. */
function crewFields(name: string) {
  return screen.getByRole('group', { name });
}

describe('AdminFleetPage (D28)', () => {
  it('a fleet read from the plan says so, and is saved whole once named, with its leader in E.164', async () => {
    const { port, dispatch } = await portWithDispatch();
    dispatch.fleet.mockResolvedValue({
      ...fleetOfPlan(FIRST_CAPACITY_PLAN),
      version: 0,
      updatedAt: null,
      updatedBy: null,
    });
    dispatch.saveFleet.mockImplementation(async (draft) => ({
      ...draft,
      version: 1,
      updatedAt: '2026-12-01T10:00:00.000Z',
      updatedBy: 'boss@afsh.example',
    }));
    const { user } = render(port);

    expect(
      await screen.findByRole('heading', { name: adminEn.fleet.planNotice.title }),
    ).toBeVisible();
    expect(screen.getByText(adminEn.fleet.notSaved)).toBeVisible();
    // The plan's busiest window has three crews: "1", "2" and "3", with no leader.
    const first = crewFields('1');
    expect(screen.getByRole('group', { name: '3' })).toBeVisible();
    expect(within(first).getByLabelText(adminEn.fleet.crews.leaderPhone)).toHaveValue('');

    const name = within(first).getByLabelText(adminEn.fleet.crews.name);
    await user.clear(name);
    await user.type(name, 'Maadi crew');
    await user.type(within(first).getByLabelText(adminEn.fleet.crews.leaderName), 'Ahmed Hassan');
    const phone = within(first).getByLabelText(adminEn.fleet.crews.leaderPhone);
    expect(phone).toHaveAttribute('dir', 'ltr');
    await user.type(phone, '0123');
    await user.click(screen.getByRole('button', { name: adminEn.fleet.save }));

    // Refused in the browser, on the field, and nothing is sent.
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      `${adminEn.fleet.crews.leaderPhoneHint} ${validationEn.phone.invalid}`,
    );
    await waitFor(() => expect(phone).toHaveFocus());
    expect(dispatch.saveFleet).not.toHaveBeenCalled();

    await user.clear(phone);
    await user.type(phone, '010 1234 5678');
    const maadi = screen.getByRole('group', { name: 'Maadi crew' });
    await user.selectOptions(within(maadi).getByLabelText(adminEn.fleet.crews.home), 'giza');
    await user.click(within(maadi).getByRole('checkbox', { name: 'Friday' }));
    await user.click(screen.getByRole('button', { name: adminEn.fleet.save }));

    await waitFor(() => expect(dispatch.saveFleet).toHaveBeenCalledTimes(1));
    const draft = dispatch.saveFleet.mock.calls[0]![0];
    expect(draft.crews).toHaveLength(3);
    expect(draft.crews[0]).toMatchObject({
      id: 'crew-1',
      name: 'Maadi crew',
      leaderName: 'Ahmed Hassan',
      leaderPhone: '+201012345678',
      size: 3,
      days: [0, 1, 2, 3, 4, 6],
      truckId: null,
      active: true,
    });
    // Giza is its home now, first of the governorates it serves; it still serves Cairo.
    expect(draft.crews[0].governorates[0]).toBe('giza');
    expect(draft.crews[0].governorates).toContain('cairo');
    expect(draft.crews[1]).toMatchObject({ id: 'crew-2', name: '2', leaderPhone: null });
    expect(draft.trucks).toEqual([]);

    expect(await screen.findByText(adminEn.fleet.saved.replace('{{version}}', '1'))).toBeVisible();
    expect(screen.queryByRole('heading', { name: adminEn.fleet.planNotice.title })).toBeNull();
    expect(screen.getByText('boss@afsh.example')).toBeVisible();
  });

  it('adds a crew and a truck, and refuses a crew with no home or no working day', async () => {
    const { port, dispatch } = await portWithDispatch();
    dispatch.fleet.mockResolvedValue(fleet());
    dispatch.saveFleet.mockImplementation(async (draft) => ({ ...fleet(), ...draft, version: 3 }));
    const { user } = render(port);

    await user.click(await screen.findByRole('button', { name: adminEn.fleet.trucks.add }));
    await user.type(screen.getByLabelText(adminEn.fleet.trucks.plate), 'ق ن ١٢٣٤');
    await user.selectOptions(
      screen.getByLabelText(adminEn.fleet.trucks.size),
      adminEn.fleet.trucks.sizes.large,
    );
    await user.click(screen.getByRole('button', { name: adminEn.fleet.crews.add }));
    const added = screen.getByRole('group', { name: 'Crew 1' });
    await user.type(within(added).getByLabelText(adminEn.fleet.crews.name), 'Giza crew');
    for (const day of [
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]) {
      await user.click(within(added).getByRole('checkbox', { name: day }));
    }
    await user.click(screen.getByRole('button', { name: adminEn.fleet.save }));

    const home = within(added).getByLabelText(adminEn.fleet.crews.home);
    expect(home).toHaveAttribute('aria-invalid', 'true');
    expect(home).toHaveAccessibleDescription(
      `${adminEn.fleet.crews.homeHint} ${validationEn.fleet.governorates}`,
    );
    expect(within(added).getByText(validationEn.fleet.days)).toBeVisible();
    expect(dispatch.saveFleet).not.toHaveBeenCalled();

    await user.selectOptions(home, 'giza');
    await user.click(within(added).getByRole('checkbox', { name: 'Saturday' }));
    await user.selectOptions(within(added).getByLabelText(adminEn.fleet.crews.truck), 'ق ن ١٢٣٤');
    await user.click(screen.getByRole('button', { name: adminEn.fleet.save }));
    await waitFor(() => expect(dispatch.saveFleet).toHaveBeenCalledTimes(1));
    const draft = dispatch.saveFleet.mock.calls[0]![0];
    expect(draft.trucks).toEqual([
      { id: expect.stringMatching(/^truck-/), plate: 'ق ن ١٢٣٤', size: 'large', active: true },
    ]);
    expect(draft.crews[0]).toMatchObject({
      name: 'Giza crew',
      governorates: ['giza'],
      days: [6],
      truckId: draft.trucks[0].id,
    });
  });

  it('Arabic: the leader’s mobile in the national form and Arabic-Indic digits; the server’s refusal on its field', async () => {
    const { port, dispatch } = await portWithDispatch();
    dispatch.fleet.mockResolvedValue(
      fleet({
        crews: [
          crew({
            id: 'maadi',
            name: 'فريق المعادي',
            leaderName: 'أحمد حسن',
            leaderPhone: '+201012345678',
          }),
          crew({ id: 'giza', name: 'فريق الجيزة', governorates: ['giza', 'cairo'] }),
        ],
      }),
    );
    dispatch.saveFleet.mockRejectedValue(
      new DataError('invalid-argument', 'validation:common.invalid', {
        fields: { 'crews.1.leaderPhone': 'validation:fleet.duplicatePhone' },
      }),
    );
    const { user } = render(port, 'ar');

    const maadi = await screen.findByRole('group', { name: 'فريق المعادي' });
    const phone = within(maadi).getByLabelText(adminAr.fleet.crews.leaderPhone);
    expect(phone).toHaveValue('٠١٠١٢٣٤٥٦٧٨');
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByRole('heading', { name: adminAr.fleet.planNotice.title })).toBeNull();
    // Weekdays and governorates by their Arabic names; the home governorate is the first served.
    expect(within(maadi).getByRole('checkbox', { name: 'الجمعة' })).toBeChecked();
    const giza = screen.getByRole('group', { name: 'فريق الجيزة' });
    expect(within(giza).getByLabelText(adminAr.fleet.crews.home)).toHaveDisplayValue('الجيزة');
    expect(within(giza).getByRole('checkbox', { name: 'القاهرة' })).toBeChecked();

    const other = within(giza).getByLabelText(adminAr.fleet.crews.leaderPhone);
    await user.type(other, '٠١١١٢٣٤٥٦٧٨');
    await user.click(screen.getByRole('button', { name: adminAr.fleet.save }));
    await waitFor(() => expect(other).toHaveAttribute('aria-invalid', 'true'));
    expect(other).toHaveAccessibleDescription(
      `${adminAr.fleet.crews.leaderPhoneHint} ${validationAr.fleet.duplicatePhone}`,
    );
    expect(await screen.findByText(adminAr.fleet.saveFailed)).toBeVisible();
    // What was sent: both crews, the second leader's number as typed, made E.164.
    expect(dispatch.saveFleet.mock.calls[0]![0].crews[1].leaderPhone).toBe('+201112345678');
  });
});
