import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { parseDecimal } from '../../../domain/digits';
import type { CrewJob, CrewTap } from '../../../domain/field';
import { crewTapSchema, FIELD_MESSAGES } from '../../../domain/field';
import { formatDigits, formatMoney } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { deliveryPhoto } from '../photo';
import { newTap } from '../tap-queue';
import { SignatureField } from './signature-field';

type Field = 'receivedBy' | 'signature' | 'photo' | 'cash';
const FIELDS: readonly Field[] = ['receivedBy', 'signature', 'photo', 'cash'];

/** Where each of the tap's problems is shown. */
function fieldOf(path: readonly PropertyKey[]): Field | null {
  const [first, second] = path.map(String);
  if (first === 'cashCollected') return 'cash';
  if (
    first === 'proof' &&
    (second === 'receivedBy' || second === 'signature' || second === 'photo')
  )
    return second;
  if (first === 'proof') return 'signature';
  return null;
}

/** An amount as typed on any Egyptian keyboard: "١٥٠٠", "1,500", "١٬٥٠٠". */
function parseCash(text: string): number {
  return parseDecimal(text.replace(/[\s,\u066C]/g, ''));
}

/**
 * "Delivered" (D28): who received the furniture, their signature drawn on the phone or a photo
 * of the delivery instead, and on a cash order the cash taken (the amount due filled in). Checked
 * with the backend's own schema of a tap before it is queued.
 */
export function DeliveryDialog({
  job,
  onConfirm,
  onCancel,
}: {
  job: CrewJob;
  onConfirm(tap: CrewTap): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['crew', 'validation', 'errors']);
  const language = useDisplayLanguage();
  const id = useId();
  const idFor = (field: Field) => `${id}-${field}`;
  const [receivedBy, setReceivedBy] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [cash, setCash] = useState(
    job.collectCash === null ? '' : formatDigits(job.collectCash, language),
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const clearError = useCallback((field: Field) => {
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  }, []);

  const onSignature = useCallback(
    (value: string | null) => {
      setSignature(value);
      if (value) clearError('signature');
    },
    [clearError],
  );

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoBusy(true);
    try {
      setPhoto(await deliveryPhoto(file));
      clearError('photo');
      clearError('signature');
    } catch {
      setErrors((current) => ({ ...current, photo: FIELD_MESSAGES.photo }));
    } finally {
      setPhotoBusy(false);
    }
  };

  const confirm = () => {
    const due = job.collectCash !== null;
    const tap = newTap('delivered', {
      proof: { receivedBy, signature, photo },
      ...(due ? { cashCollected: parseCash(cash) } : {}),
    });
    const parsed = crewTapSchema.safeParse(tap);
    if (parsed.success) {
      onConfirm(parsed.data);
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (field && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(idFor(first === 'photo' ? 'signature' : first))?.focus();
  };

  const describedBy = (field: Field, hint?: boolean) =>
    [errors[field] ? `${idFor(field)}-error` : '', hint ? `${idFor(field)}-hint` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={`${idFor(field)}-error`} className="field-error">
        {t(errors[field])}
      </p>
    ) : null;

  return (
    <ConfirmDialog
      title={t('crew:delivery.title')}
      confirmLabel={t('crew:delivery.confirm')}
      cancelLabel={t('crew:delivery.cancel')}
      confirmKind="primary"
      busy={photoBusy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <div className="crew-delivery">
        <p>
          <Trans
            t={t}
            i18nKey="crew:delivery.lead"
            values={{ number: job.orderNumber }}
            components={{ num: <bdi dir="ltr" className="ltr-value" /> }}
          />
        </p>
        <div className="field">
          <label htmlFor={idFor('receivedBy')}>{t('crew:delivery.receivedBy')}</label>
          <input
            id={idFor('receivedBy')}
            className="input"
            type="text"
            autoComplete="off"
            value={receivedBy}
            aria-invalid={errors.receivedBy ? true : undefined}
            aria-describedby={describedBy('receivedBy')}
            onChange={(e) => {
              setReceivedBy(e.target.value);
              clearError('receivedBy');
            }}
          />
          {errorText('receivedBy')}
        </div>

        <div className="field">
          <span className="crew-field-label" id={`${idFor('signature')}-label`}>
            {t('crew:delivery.signature')}
          </span>
          <p id={`${idFor('signature')}-hint`} className="field-hint">
            {t('crew:delivery.signatureHint')}
          </p>
          <SignatureField
            id={idFor('signature')}
            label={t('crew:delivery.signature')}
            describedBy={describedBy('signature', true)}
            onChange={onSignature}
          />
          {errorText('signature')}
        </div>

        <div className="field">
          <label htmlFor={idFor('photo')}>{t('crew:delivery.photo')}</label>
          <input
            id={idFor('photo')}
            className="crew-photo-input"
            type="file"
            accept="image/*"
            capture="environment"
            aria-invalid={errors.photo ? true : undefined}
            aria-describedby={describedBy('photo')}
            onChange={(e) => void onPhoto(e)}
          />
          {photoBusy && <p className="muted">{t('crew:delivery.photoWorking')}</p>}
          {photo && (
            <div className="crew-photo">
              <img src={photo} alt={t('crew:delivery.photoTaken')} />
              <button type="button" className="btn btn-ghost" onClick={() => setPhoto(null)}>
                {t('crew:delivery.removePhoto')}
              </button>
            </div>
          )}
          {errorText('photo')}
        </div>

        {job.collectCash !== null && (
          <div className="field">
            <label htmlFor={idFor('cash')}>{t('crew:delivery.cash')}</label>
            <p id={`${idFor('cash')}-hint`} className="field-hint">
              {t('crew:delivery.cashDue', { amount: formatMoney(job.collectCash, language) })}
            </p>
            <input
              id={idFor('cash')}
              className="input crew-cash-input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              value={cash}
              aria-invalid={errors.cash ? true : undefined}
              aria-describedby={describedBy('cash', true)}
              onChange={(e) => {
                setCash(e.target.value);
                clearError('cash');
              }}
            />
            {errorText('cash')}
          </div>
        )}
      </div>
    </ConfirmDialog>
  );
}
