import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessageKey, fieldMessageKey } from '../../../data/error-messages';
import { isDataError, type Order } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { fieldsOfIssues } from '../../../domain/errors';
import { statusBeforeCancel } from '../../../domain/lifecycle';
import { orderGoBackSchema } from '../../../domain/order-lifecycle-schema';
import { GOING_BACK, statusLabelKey, type GoBackAction } from '../../../domain/status';

/**
 * Going back (D17), asked before it is done: un-cancel (back to the status the order had, if its
 * window still has a free crew) or reopen, always with a reason, which the history keeps with
 * the admin's name. A refusal (the crew taken meanwhile, the money refunded) keeps the dialog
 * open with the backend's words.
 */
export function GoBackDialog({
  order,
  action,
  onDone,
  onCancel,
}: {
  order: Order;
  action: GoBackAction;
  onDone(order: Order): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['admin', 'common', 'errors', 'validation']);
  const port = useDataPort();
  const ids = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const back = GOING_BACK.find((b) => b.action === action)!;
  const to = back.to === 'before' ? statusBeforeCancel(order.statusHistory) : back.to;
  const reasonId = `${ids}-reason`;

  const confirm = async () => {
    setError(null);
    // The same schema the backend parses: a missing reason is said here, without a request.
    const parsed = orderGoBackSchema.safeParse({ action, reason });
    if (!parsed.success) {
      setFieldError(fieldsOfIssues(parsed.error.issues).reason ?? null);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      onDone(await port.orders.goBack(order.id, parsed.data));
    } catch (caught) {
      setError(t(errorMessageKey(caught, 'generic')));
      const field = isDataError(caught) ? caught.fields?.reason : undefined;
      if (field) setFieldError(fieldMessageKey(field));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={t(`admin:orders.goBack.${action}.title`)}
      confirmLabel={
        busy ? t('admin:orders.goBack.working') : t(`admin:orders.goBack.${action}.confirm`)
      }
      cancelLabel={t('admin:orders.goBack.keep')}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
      busy={busy}
      error={error}
      confirmKind="primary"
    >
      <div className="admin-go-back">
        <p>
          <Trans
            t={t}
            i18nKey={`admin:orders.goBack.${action}.body`}
            values={{
              number: order.orderNumber || order.id,
              status: t(`common:${statusLabelKey(to)}`),
            }}
            components={{ num: <bdi className="ltr-value" /> }}
          />
        </p>
        <div className="field">
          <label htmlFor={reasonId}>{t('admin:orders.goBack.reason')}</label>
          <textarea
            id={reasonId}
            className="textarea"
            rows={3}
            maxLength={500}
            required
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setFieldError(null);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${reasonId}-error` : `${reasonId}-hint`}
          />
          <p id={`${reasonId}-hint`} className="field-hint">
            {t('admin:orders.goBack.reasonHint')}
          </p>
          {fieldError && (
            <p id={`${reasonId}-error`} className="field-error">
              {t(fieldError)}
            </p>
          )}
        </div>
      </div>
    </ConfirmDialog>
  );
}
