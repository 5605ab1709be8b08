import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { errorMessageKey } from '../../../data/error-messages';
import { isDataError, type CapacityPlan } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import {
  capacityProblems,
  draftOf,
  formOfPlan,
  newException,
  nextWindow,
  type CapacityForm,
  type ExceptionRow,
  type WindowRow,
} from '../capacity-form';
import type { Notify } from '../components/toast';

type Load = { kind: 'loading' } | { kind: 'error'; messageKey: string } | { kind: 'loaded' };

/**
 * The crews page's logic (D12): the current plan as a form (windows, their crews, exceptions by
 * date or weekday), checked with the domain's schema, and saving it as the next version.
 */
export function useCapacityEditor(notify: Notify) {
  const { t } = useTranslation(['admin', 'errors']);
  const language = useDisplayLanguage();
  const port = useDataPort();
  const [attempt, setAttempt] = useState(0);
  // How the load of `attempt` ended; another attempt is still loading.
  const [ended, setEnded] = useState<{ attempt: number; load: Load } | null>(null);
  const [plan, setPlan] = useState<CapacityPlan | null>(null);
  const [form, setForm] = useState<CapacityForm | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});

  useEffect(() => {
    let current = true;
    port.capacity.plan().then(
      (loaded) => {
        if (!current) return;
        setPlan(loaded);
        setForm(formOfPlan(loaded));
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
  }, [port, attempt]);
  const load: Load = ended?.attempt === attempt ? ended.load : { kind: 'loading' };
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const problems = useMemo(() => (form ? capacityProblems(form) : {}), [form]);
  const shown = { ...(touched ? problems : {}), ...serverProblems };

  const edit = (next: (form: CapacityForm) => CapacityForm) => {
    setForm((current) => (current ? next(current) : current));
    setServerProblems({});
  };

  const changeWindow = (index: number, patch: Partial<WindowRow>) =>
    edit((f) => ({
      ...f,
      windows: f.windows.map((w, i) => (i === index ? { ...w, ...patch } : w)),
    }));
  const addWindow = () => edit((f) => ({ ...f, windows: [...f.windows, nextWindow(f)] }));
  const removeWindow = (index: number) =>
    edit((f) => ({ ...f, windows: f.windows.filter((_, i) => i !== index) }));
  const changeException = (index: number, patch: Partial<ExceptionRow>) =>
    edit((f) => ({
      ...f,
      exceptions: f.exceptions.map((x, i) => (i === index ? { ...x, ...patch } : x)),
    }));
  const addException = () =>
    edit((f) => ({ ...f, exceptions: [...f.exceptions, newException(f)] }));
  const removeException = (index: number) =>
    edit((f) => ({ ...f, exceptions: f.exceptions.filter((_, i) => i !== index) }));

  const save = async () => {
    setTouched(true);
    if (!form || Object.keys(problems).length > 0) return false;
    setSaving(true);
    try {
      const saved = await port.capacity.save(draftOf(form));
      setPlan(saved);
      setForm(formOfPlan(saved));
      setTouched(false);
      notify({
        kind: 'success',
        title: t('admin:capacity.saved', { version: formatNumber(saved.version, language) }),
      });
      return true;
    } catch (error) {
      if (isDataError(error) && error.fields) setServerProblems({ ...error.fields });
      notify({
        kind: 'error',
        title: t('admin:capacity.saveFailed'),
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
    plan,
    form,
    problems: shown,
    saving,
    changeWindow,
    addWindow,
    removeWindow,
    changeException,
    addException,
    removeException,
    save,
  };
}
