import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../data/error-messages';
import { isDataError } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import type { Fleet } from '../../../domain/fleet';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { Notify } from '../components/toast';
import {
  fleetProblems,
  fleetToSave,
  formFieldsOf,
  formOfFleet,
  newCrew,
  newTruck,
  type CrewRow,
  type FleetForm,
  type TruckRow,
} from '../fleet-form';

type Load =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'loaded' };

/**
 * The crews and trucks page's logic (D28): the current fleet as a form, checked with the
 * domain's schema as the server checks it, and saved whole as the next version.
 */
export function useFleetEditor(notify: Notify) {
  const { t } = useTranslation(['admin', 'errors']);
  const language = useDisplayLanguage();
  const port = useDataPort();
  const dispatch = port.dispatch;
  const [attempt, setAttempt] = useState(0);
  const [ended, setEnded] = useState<{ attempt: number; load: Load } | null>(null);
  const [fleet, setFleet] = useState<Fleet | null>(null);
  const [form, setForm] = useState<FleetForm | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!dispatch) return;
    let current = true;
    dispatch.fleet().then(
      (loaded) => {
        if (!current) return;
        setFleet(loaded);
        setForm(formOfFleet(loaded, language));
        setTouched(false);
        setServerProblems({});
        setEnded({ attempt, load: { kind: 'loaded' } });
      },
      (error: unknown) => {
        if (current) {
          setEnded({
            attempt,
            load: { kind: 'error', messageKey: errorMessageKey(error, 'generic') },
          });
        }
      },
    );
    return () => {
      current = false;
    };
    // The language is read once per load: switching it does not throw away what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, attempt]);
  const load: Load = !dispatch
    ? { kind: 'unavailable' }
    : ended?.attempt === attempt
      ? ended.load
      : { kind: 'loading' };
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const problems = useMemo(() => (form ? fleetProblems(form) : {}), [form]);
  const shown = { ...(touched ? problems : {}), ...serverProblems };

  const edit = (next: (form: FleetForm) => FleetForm) => {
    setForm((current) => (current ? next(current) : current));
    setServerProblems({});
  };

  const changeCrew = (index: number, patch: Partial<CrewRow>) =>
    edit((f) => ({ ...f, crews: f.crews.map((c, i) => (i === index ? { ...c, ...patch } : c)) }));
  // A new home is taken out of the others; the old one is still served.
  const changeHome = (index: number, home: string) =>
    edit((f) => ({
      ...f,
      crews: f.crews.map((c, i) =>
        i === index
          ? {
              ...c,
              home,
              others: [
                ...c.others.filter((g) => g !== home),
                ...(c.home && c.home !== home ? [c.home] : []),
              ],
            }
          : c,
      ),
    }));
  const addCrew = () => edit((f) => ({ ...f, crews: [...f.crews, newCrew()] }));
  const removeCrew = (index: number) =>
    edit((f) => ({ ...f, crews: f.crews.filter((_, i) => i !== index) }));
  const changeTruck = (index: number, patch: Partial<TruckRow>) =>
    edit((f) => ({
      ...f,
      trucks: f.trucks.map((truck, i) => (i === index ? { ...truck, ...patch } : truck)),
    }));
  const addTruck = () => edit((f) => ({ ...f, trucks: [...f.trucks, newTruck()] }));
  // A crew whose usual truck goes has none in particular.
  const removeTruck = (index: number) =>
    edit((f) => {
      const gone = f.trucks[index]?.id;
      return {
        crews: f.crews.map((c) => (c.truckId === gone ? { ...c, truckId: '' } : c)),
        trucks: f.trucks.filter((_, i) => i !== index),
      };
    });

  const save = async () => {
    setTouched(true);
    if (!dispatch || !form || Object.keys(problems).length > 0) return false;
    setSaving(true);
    try {
      const saved = await dispatch.saveFleet(fleetToSave(form));
      setFleet(saved);
      setForm(formOfFleet(saved, language));
      setTouched(false);
      notify({
        kind: 'success',
        title: t('admin:fleet.saved', { version: formatNumber(saved.version, language) }),
      });
      return true;
    } catch (error) {
      if (isDataError(error) && error.fields) setServerProblems(formFieldsOf(error.fields));
      notify({
        kind: 'error',
        title: t('admin:fleet.saveFailed'),
        detail: t(errorMessageKey(error, 'generic')),
      });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    load,
    reload,
    fleet,
    form,
    problems: shown,
    saving,
    changeCrew,
    changeHome,
    addCrew,
    removeCrew,
    changeTruck,
    addTruck,
    removeTruck,
    save,
  };
}
