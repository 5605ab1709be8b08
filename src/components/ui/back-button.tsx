import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackArrowIcon } from './icons';

/** Goes to the previous page; with no history (a shared link) it goes to `fallback`. */
export function BackButton({ fallback = '/', label }: { fallback?: string; label?: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn-ghost"
      onClick={() => {
        if (
          window.history.state &&
          typeof window.history.state.idx === 'number' &&
          window.history.state.idx > 0
        ) {
          navigate(-1);
        } else {
          navigate(fallback);
        }
      }}
    >
      <BackArrowIcon />
      {label ?? t('actions.back')}
    </button>
  );
}
