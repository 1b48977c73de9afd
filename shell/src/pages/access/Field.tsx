// A labelled text input; the label is a real <label> so taps focus the field.
import { useId, type InputHTMLAttributes } from 'react';
import styles from './forms.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
}

export function Field({ label, value, onValueChange, hint, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
