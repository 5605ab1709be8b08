import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard';
import { CheckIcon, iconProps } from './icons';
import './share-buttons.css';

/** How long "Copied" stays on the button (spec section 8). */
export const COPIED_FEEDBACK_MS = 1500;

export interface CopyButtonProps {
  text: string;
  /** Visible label; defaults to "Copy". */
  label?: string;
  /** Shown for 1.5 s after a successful copy; defaults to "Copied". */
  copiedLabel?: string;
}

/**
 * Copies `text` and says so for 1.5 s. The label lives in a polite live region, so a screen
 * reader hears "Copied" without focus moving.
 */
export function CopyButton({ text, label, copiedLabel }: CopyButtonProps) {
  const { t } = useTranslation('share');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await copyText(text);
    clearTimeout(timer.current);
    setState(ok ? 'copied' : 'failed');
    if (ok) timer.current = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
  };

  return (
    <span className="share-action">
      <button
        type="button"
        className="btn btn-secondary share-button"
        data-state={state}
        onClick={() => void onClick()}
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        <span aria-live="polite">
          {state === 'copied' ? (copiedLabel ?? t('copied')) : (label ?? t('copy'))}
        </span>
      </button>
      {state === 'failed' && (
        <span className="share-message field-error" role="alert">
          {t('copyFailed')}
        </span>
      )}
    </span>
  );
}

function CopyIcon() {
  return (
    <svg {...iconProps({})}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h8" />
    </svg>
  );
}
