import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type SignaturePadType from 'signature_pad';

/** Sharper than one pixel per point, and no more: a 3x phone's PNG would be three times larger. */
const MAX_RATIO = 2;

/**
 * The receiver signs with a finger (D28), drawn by signature_pad (loaded with the dialog, not
 * the page). `onChange` gets the PNG data URL after each stroke, or null once cleared. A browser
 * that cannot draw on a canvas says so: the photo is the other proof.
 */
export function SignatureField({
  id,
  label,
  describedBy,
  onChange,
}: {
  id: string;
  label: string;
  describedBy?: string;
  onChange(signature: string | null): void;
}) {
  const { t } = useTranslation('crew');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadType | null>(null);
  const changeRef = useRef(onChange);
  const [broken, setBroken] = useState(false);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    changeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let cancelled = false;
    let stopResize: (() => void) | undefined;
    void import('signature_pad')
      .then(({ default: SignaturePad }) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const size = () => {
          const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_RATIO);
          const width = canvas.offsetWidth || 320;
          const height = canvas.offsetHeight || 180;
          canvas.width = Math.round(width * ratio);
          canvas.height = Math.round(height * ratio);
          canvas.getContext('2d')?.scale(ratio, ratio);
        };
        size();
        const pad = new SignaturePad(canvas, { penColor: '#0f172a', minWidth: 1, maxWidth: 3 });
        padRef.current = pad;
        pad.addEventListener('endStroke', () => {
          const blank = pad.isEmpty();
          setEmpty(blank);
          changeRef.current(blank ? null : pad.toDataURL('image/png'));
        });
        // Turning the phone resizes the canvas, which clears it: the strokes are drawn again.
        const onResize = () => {
          const strokes = pad.toData();
          size();
          pad.fromData(strokes);
        };
        window.addEventListener('resize', onResize);
        stopResize = () => window.removeEventListener('resize', onResize);
      })
      .catch(() => {
        if (!cancelled) setBroken(true);
      });
    return () => {
      cancelled = true;
      stopResize?.();
      padRef.current?.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChange(null);
  };

  return (
    <div className="crew-signature">
      {broken ? (
        <p className="muted">{t('delivery.noSignature')}</p>
      ) : (
        <canvas
          ref={canvasRef}
          id={id}
          className="crew-signature-pad"
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
          tabIndex={-1}
        />
      )}
      <button
        type="button"
        className="btn btn-ghost crew-signature-clear"
        onClick={clear}
        disabled={empty || broken}
      >
        {t('delivery.clear')}
      </button>
    </div>
  );
}
