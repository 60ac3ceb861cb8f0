import { type ReactNode, useRef, useState } from 'react';
import { useStepFocus } from '../../use-step-focus';

interface Props {
  /** The button that asks, e.g. "Revoke". */
  label: string;
  /** Its accessible name when the visible label is shared by many rows ("Revoke key ops-1"). */
  accessibleLabel?: string;
  /** What will happen, shown with the confirm and cancel buttons. */
  question: ReactNode;
  /** The button that does it, e.g. "Revoke key". */
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  danger?: boolean;
}

/** A button that asks before doing something that cannot be undone, in the page (no browser dialog). */
export function ConfirmButton({ label, accessibleLabel, question, confirmLabel, onConfirm, busy = false, danger = true }: Props) {
  const [asking, setAsking] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  useStepFocus(asking, confirmButton, askButton);

  if (!asking) {
    return (
      <button
        ref={askButton}
        type="button"
        className="button-secondary button-small"
        aria-label={accessibleLabel}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={accessibleLabel ?? label}>
      <p>{question}</p>
      <div className="form-actions">
        <button
          ref={confirmButton}
          type="button"
          className={danger ? 'button-danger' : 'button-primary'}
          disabled={busy}
          onClick={() => {
            onConfirm();
            setAsking(false);
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button-secondary" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
