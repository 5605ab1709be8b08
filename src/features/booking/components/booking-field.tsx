import type { ReactNode } from 'react';

/** A labelled form field of a booking step; `optional` is shown after the label. */
export function Field({
  label,
  htmlFor,
  optional,
  children,
}: {
  label: string;
  htmlFor: string;
  optional?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={htmlFor}>
        {label}
        {optional && <span className="field-optional">{optional}</span>}
      </label>
      {children}
    </div>
  );
}
