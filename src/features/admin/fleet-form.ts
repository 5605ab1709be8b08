// The office's crews and trucks form (D28), as plain functions: the fleet as typed text, the
// draft it makes (judged by the domain's fleetDraftSchema, as the server judges it), and its
// problems by field path ('crews.0.leaderPhone', 'trucks.1.plate').
import { WEEKDAYS } from '../../domain/capacity';
import { normalizeDigits } from '../../domain/digits';
import { fieldsOfIssues } from '../../domain/errors';
import type { Crew, Fleet, FleetDraft, Truck } from '../../domain/fleet';
import { fleetDraftSchema } from '../../domain/fleet-schema';
import { GOVERNORATES } from '../../domain/governorates';
import type { DisplayLanguage } from '../../domain/locale';
import { formatDigits } from '../../domain/money';
import { nationalEgyptian } from '../../domain/phone';
import { VALIDATION_MESSAGES as M } from '../../domain/validation-messages';
import { newId } from './capacity-form';

export interface CrewRow {
  /** Stable: orders keep it. */
  id: string;
  name: string;
  leaderName: string;
  /** As typed (any digits); shown as the national 01… form in the reader's digits. */
  leaderPhone: string;
  size: string;
  /** The first governorate served: where the crew's day starts. '' until chosen. */
  home: string;
  /** The other governorates served. */
  others: string[];
  days: number[];
  /** '' is none in particular. */
  truckId: string;
  active: boolean;
}

export interface TruckRow {
  id: string;
  plate: string;
  size: string;
  active: boolean;
}

export interface FleetForm {
  crews: CrewRow[];
  trucks: TruckRow[];
}

function crewRow(crew: Crew, language: DisplayLanguage): CrewRow {
  const [home = '', ...others] = crew.governorates;
  const national = crew.leaderPhone ? (nationalEgyptian(crew.leaderPhone) ?? crew.leaderPhone) : '';
  return {
    id: crew.id,
    name: crew.name,
    leaderName: crew.leaderName,
    leaderPhone: formatDigits(national, language),
    size: formatDigits(crew.size, language),
    home,
    others,
    days: [...crew.days],
    truckId: crew.truckId ?? '',
    active: crew.active,
  };
}

function truckRow(truck: Truck): TruckRow {
  return { ...truck };
}

export function formOfFleet(fleet: FleetDraft, language: DisplayLanguage): FleetForm {
  return {
    crews: fleet.crews.map((crew) => crewRow(crew, language)),
    trucks: fleet.trucks.map(truckRow),
  };
}

function count(text: string): number {
  const plain = normalizeDigits(text).trim();
  return plain === '' ? Number.NaN : Number(plain);
}

/** The fleet the form says, before the schema judges it (phones as typed, days unsorted). */
export function draftOf(form: FleetForm): FleetDraft {
  return {
    crews: form.crews.map((row) => ({
      id: row.id,
      name: row.name,
      leaderName: row.leaderName,
      leaderPhone: row.leaderPhone.trim() === '' ? null : row.leaderPhone.trim(),
      size: count(row.size),
      governorates: row.home ? [row.home, ...row.others.filter((g) => g !== row.home)] : [],
      days: [...row.days],
      truckId: row.truckId === '' ? null : row.truckId,
      active: row.active,
    })),
    trucks: form.trucks.map((row) => ({ ...row })),
  };
}

/**
 * A field's message as a translation key. zod's own words (a union that failed, such as a phone
 * that is neither a mobile nor blank) are not keys: they read as the field's plain message.
 */
function keyOf(path: string, message: string): string {
  if (/^[a-z]+:/.test(message)) return message;
  return path.endsWith('.leaderPhone') ? M.phoneInvalid : M.invalid;
}

/** The field a problem is shown on: a governorate's problem on the home select. */
function fieldOf(path: string): string {
  return path.replace(/\.governorates(\.\d+)?$/, '.home');
}

export function fleetProblems(form: FleetForm): Record<string, string> {
  const parsed = fleetDraftSchema.safeParse(draftOf(form));
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldsOfIssues(parsed.error.issues))) {
    const field = fieldOf(path);
    if (!(field in problems)) problems[field] = keyOf(path, message);
  }
  return problems;
}

/** What is saved: the schema's own output (phones in E.164, days sorted). */
export function fleetToSave(form: FleetForm): FleetDraft {
  return fleetDraftSchema.parse(draftOf(form));
}

/** The server's field paths as the form's (a governorate's on the home select). */
export function formFieldsOf(fields: Readonly<Record<string, string>>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [path, key] of Object.entries(fields)) {
    const field = fieldOf(path);
    if (!(field in shown)) shown[field] = keyOf(path, key);
  }
  return shown;
}

/** A new crew: three workers, every day, no home yet (the office chooses it). */
export function newCrew(): CrewRow {
  return {
    id: newId('crew'),
    name: '',
    leaderName: '',
    leaderPhone: '',
    size: '3',
    home: '',
    others: [],
    days: [...WEEKDAYS],
    truckId: '',
    active: true,
  };
}

export function newTruck(): TruckRow {
  return { id: newId('truck'), plate: '', size: 'medium', active: true };
}

/** Version 0 is read from the crews plan's counts (`fleetOfPlan`), never saved. */
export function isPlanFleet(fleet: Pick<Fleet, 'version'>): boolean {
  return fleet.version === 0;
}

/** The governorates other than the home, in the domain's order. */
export function otherGovernorates(home: string) {
  return GOVERNORATES.filter((g) => g.id !== home);
}
