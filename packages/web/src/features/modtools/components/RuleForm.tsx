import { useId, useState, type FormEvent } from 'react';
import { charLength, limits, truncateChars } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import type { RuleText } from '../api/rules';
import styles from './Modtools.module.css';

/**
 * A rule and its description, each up to 512 characters (secondary §5); Save stays disabled while the
 * rule is empty (blank counts as empty: the server refuses it).
 */
export function RuleForm({
  initial = { rule: '', description: '' },
  busy,
  onSave,
  onCancel,
  saveLabel = 'Save',
}: {
  initial?: RuleText;
  busy: boolean;
  onSave: (rule: RuleText) => Promise<unknown>;
  onCancel?: () => void;
  saveLabel?: string;
}) {
  const id = useId();
  const [form, setForm] = useState<RuleText>(initial);
  const empty = form.rule.trim() === '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    void onSave({ rule: form.rule.trim(), description: form.description.trim() }).then(
      () => !onCancel && setForm({ rule: '', description: '' }),
      () => undefined,
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={`${id}-rule`} className={styles.label}>
            Rule
          </label>
          <span id={`${id}-rule-count`} className={styles.counter}>
            {charLength(form.rule)}/{limits.communityRuleMax}
          </span>
        </div>
        <input
          id={`${id}-rule`}
          className={styles.input}
          dir="auto"
          value={form.rule}
          aria-describedby={`${id}-rule-count`}
          onChange={(e) =>
            setForm((f) => ({ ...f, rule: truncateChars(e.target.value, limits.communityRuleMax) }))
          }
        />
      </div>
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={`${id}-description`} className={styles.label}>
            Description
          </label>
          <span id={`${id}-description-count`} className={styles.counter}>
            {charLength(form.description)}/{limits.communityRuleDescriptionMax}
          </span>
        </div>
        <textarea
          id={`${id}-description`}
          className={styles.textarea}
          rows={3}
          dir="auto"
          value={form.description}
          aria-describedby={`${id}-description-count`}
          onChange={(e) =>
            setForm((f) => ({
              ...f,
              description: truncateChars(e.target.value, limits.communityRuleDescriptionMax),
            }))
          }
        />
      </div>
      <div className={styles.saveBar}>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button type="submit" variant="primary" disabled={empty || busy}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
