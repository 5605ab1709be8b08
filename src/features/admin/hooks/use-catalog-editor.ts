import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { errorMessageKey } from '../../../data/error-messages';
import { isDataError, type CatalogVersion, type PriceCatalog } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { publishCatalog } from '../../../data/react/price-catalog';
import { catalogFromRates } from '../../../domain/pricing';
import {
  CATALOG_FIELDS,
  EXAMPLES,
  formOf,
  formProblems,
  priceExample,
  ratesOf,
  type CatalogField,
  type CatalogForm,
} from '../catalog-form';
import type { Notify } from '../components/toast';
import { useAdminList } from './use-admin-list';

/**
 * The prices page's logic (D11): the saved versions (the newest is current), a form started from
 * the current one and checked with the domain's schema as the admin types, the example totals
 * under both, and saving a new version, effective at once for every screen of this app.
 */
export function useCatalogEditor(notify: Notify) {
  const { t } = useTranslation(['admin', 'errors', 'validation']);
  const language = useDisplayLanguage();
  const port = useDataPort();
  const load = useCallback(() => port.prices.history(), [port]);
  const { state, reload } = useAdminList<CatalogVersion>(load);
  const current: PriceCatalog | null =
    state.kind === 'loaded' ? (state.items[0]?.catalog ?? null) : null;

  // The form starts from the current version once it is known, and again after each save.
  const [form, setForm] = useState<{ base: number; values: CatalogForm } | null>(null);
  const values =
    form && current && form.base === current.version
      ? form.values
      : current
        ? formOf(current)
        : null;
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<Partial<Record<CatalogField, string>>>({});

  const problems = useMemo(() => (values ? formProblems(values) : {}), [values]);
  const shown = { ...(touched ? problems : {}), ...serverProblems };
  const valid = values !== null && Object.keys(problems).length === 0;
  const changed =
    values !== null &&
    current !== null &&
    CATALOG_FIELDS.some((f) => values[f] !== formOf(current)[f]);

  const draft = useMemo(
    () =>
      values && current && valid
        ? catalogFromRates(ratesOf(values), current.version + 1, null)
        : null,
    [values, current, valid],
  );
  const preview = useMemo(
    () =>
      current
        ? EXAMPLES.map((example) => ({
            example,
            now: priceExample(current, example),
            next: draft ? priceExample(draft, example) : null,
          }))
        : [],
    [current, draft],
  );

  const change = (field: CatalogField, value: string) => {
    if (!values || !current) return;
    setForm({ base: current.version, values: { ...values, [field]: value } });
    setServerProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const reset = () => {
    setForm(null);
    setTouched(false);
    setServerProblems({});
  };

  /** "Save": first the form must be valid and changed, then the admin confirms. */
  const requestSave = () => {
    setTouched(true);
    if (valid && changed) setConfirming(true);
  };

  const save = async () => {
    if (!values || !valid) return;
    setSaving(true);
    try {
      const saved = await port.prices.save(ratesOf(values));
      // Every screen of this app (the estimator, the price list) shows it at once.
      publishCatalog(port, saved);
      setConfirming(false);
      reset();
      reload();
      notify({
        kind: 'success',
        title: t('admin:prices.saved', { version: formatNumber(saved.version, language) }),
      });
    } catch (error) {
      setConfirming(false);
      if (isDataError(error) && error.fields)
        setServerProblems(error.fields as typeof serverProblems);
      notify({
        kind: 'error',
        title: t('admin:prices.saveFailed'),
        detail: t(errorMessageKey(error, 'generic')),
      });
    } finally {
      setSaving(false);
    }
  };

  return {
    state,
    reload,
    current,
    values,
    problems: shown,
    changed,
    preview,
    change,
    reset,
    requestSave,
    confirming,
    cancelSave: () => setConfirming(false),
    save,
    saving,
    nextVersion: current ? current.version + 1 : null,
  };
}
