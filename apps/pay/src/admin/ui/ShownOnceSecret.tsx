import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

interface Props {
  /** "Your new API key", say: the box's heading. */
  title: string;
  /** The secret; it exists only while this box is open (the caller forgets it on dismiss). */
  secret: string;
  /** More to say under the warning (e.g. how long the previous secret keeps working). */
  children?: ReactNode;
  onDismiss: () => void;
}

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * A secret the server returns exactly once (API key, signing secret, operator token): shown with
 * a copy button and the warning that it cannot be shown again, until the person dismisses it.
 * Focus moves here when it appears, so nobody misses it.
 */
export function ShownOnceSecret({ title, secret, children, onDismiss }: Props) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    box.current?.focus();
  }, []);

  const selectSecret = () => {
    input.current?.focus();
    input.current?.select();
    setCopy('selected');
  };
  const copySecret = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // Insecure context or permission refused: select it for copying by hand.
      selectSecret();
    }
  };

  return (
    <div ref={box} className="shown-once" role="region" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p className="shown-once-warning">Copy it now: it won’t be shown again. Store it somewhere safe, such as your secrets manager.</p>
      {children}
      <label htmlFor={`${id}-value`} className="field-label">
        {title}
        <span className="visually-hidden"> (shown once)</span>
      </label>
      <input
        id={`${id}-value`}
        ref={input}
        className="secret-value"
        type="text"
        readOnly
        value={secret}
        spellCheck={false}
        autoComplete="off"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="form-actions">
        <button type="button" className="button-primary" onClick={() => void copySecret()}>
          Copy
        </button>
        <button type="button" className="button-secondary" onClick={onDismiss}>
          I’ve saved it — hide
        </button>
      </div>
      <p className="hint" role="status">
        {copy === 'copied' ? 'Copied.' : copy === 'selected' ? 'Selected — copy it with your device’s copy command.' : ''}
      </p>
    </div>
  );
}
