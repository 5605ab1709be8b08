import './pending-figure.css';

const LATIN_DIGIT = /[0-9]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669]/g;

/**
 * A figure from data the page may not have yet (the current price catalog, docs/decisions.md
 * D11). While `pending` (the prerendered HTML, the hydrating render, a tab's first page until the
 * backend answers) it is a placeholder of the same shape: the text with its digits blanked to
 * zeros, drawn as a skeleton bar and hidden from assistive technology, so no figure that may be
 * out of date is shown and nothing moves when the real one arrives.
 */
export function PendingFigure({ pending, children }: { pending: boolean; children: string }) {
  if (!pending) return children;
  return (
    <span className="figure-pending" aria-hidden="true">
      {children.replace(LATIN_DIGIT, '0').replace(ARABIC_INDIC_DIGIT, '\u0660')}
    </span>
  );
}
