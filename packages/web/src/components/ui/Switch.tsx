import { useId, type ReactNode } from 'react';
import styles from './Switch.module.css';

interface Props {
  label: string;
  /** A line under the label, read as the switch's description. */
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * An on/off setting: a button with the switch role, named by its label (so screen readers say
 * "label, switch, on"), the whole row clickable.
 */
export function Switch({ label, description, checked, onChange, disabled }: Props) {
  const id = useId();
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className={styles.description}>
            {description}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        className={`${styles.switch} ${checked ? styles.on : ''}`}
        onClick={() => onChange(!checked)}
      />
    </div>
  );
}
