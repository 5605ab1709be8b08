import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard';
import { iconProps } from './icons';
import './share-buttons.css';

export interface ShareButtonProps {
  title: string;
  text: string;
  url: string;
  /** Visible label; defaults to "Share". */
  label?: string;
}

type Outcome = 'idle' | 'copied' | 'manual';

/**
 * Opens the phone's share sheet (Web Share API). Where there is none (most desktops), the link
 * is copied and the spec's "Sharing is not supported." message says so, in a polite live region
 * rather than a blocking alert.
 */
export function ShareButton({ title, text, url, label }: ShareButtonProps) {
  const { t } = useTranslation('share');
  const [outcome, setOutcome] = useState<Outcome>('idle');

  const onClick = async () => {
    setOutcome('idle');
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The customer closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Refused (no user gesture, blocked by policy): fall back to copying below.
      }
    }
    setOutcome((await copyText(url)) ? 'copied' : 'manual');
  };

  return (
    <span className="share-action">
      <button
        type="button"
        className="btn btn-secondary share-button"
        onClick={() => void onClick()}
      >
        <ShareIcon />
        {label ?? t('share')}
      </button>
      <span className="share-message" aria-live="polite">
        {outcome === 'copied' && t('shareNotSupported')}
        {outcome === 'manual' && (
          <>
            {t('shareNotSupportedNoCopy')}
            <bdi className="ltr-value">{url}</bdi>
          </>
        )}
      </span>
    </span>
  );
}

function ShareIcon() {
  return (
    <svg {...iconProps({})}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}
