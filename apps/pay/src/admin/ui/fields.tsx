import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  /** The server's (or the form's) message for this field; marks the control invalid. */
  error?: string | undefined;
}

/** The ids that tie a control to its label, hint and error. */
function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="hint field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

type InputProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its hint and error, both announced with the control. */
export function TextField({ label, hint, error, className, type = 'text', ...input }: InputProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({ label, hint, error, ...textarea }: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...textarea} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  error,
  children,
  ...select
}: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { children: ReactNode }) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...select}>
        {children}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ label, hint, error, ...input }: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The message for the whole form, read out when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  return (
    <p className="form-error" role="alert">
      {message ?? ''}
    </p>
  );
}
