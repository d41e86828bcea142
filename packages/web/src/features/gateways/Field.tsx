import type { ReactNode } from 'react';

/** A labelled control: the label names the control by its id (for screen readers and clicks). */
export function Field({ id, label, children, error }: { id: string; label: string; children: ReactNode; error?: string | null }) {
  return (
    <div className="gw-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <div role="alert" className="ant-form-item-explain-error">{error}</div>}
    </div>
  );
}
