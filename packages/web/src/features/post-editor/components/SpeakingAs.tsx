import { messages } from '@commons/shared';
import type { OfficialGroup } from '../../../lib/policies';
import styles from './PostEditor.module.css';
import type { Speaking } from './use-post-editor';

const LABELS: Record<OfficialGroup, string> = {
  mods: messages.posts.speakingAsMod,
  admins: messages.posts.speakingAsAdmin,
};

/** "Speaking officially": one checkbox per group the author may speak as; at most one is checked. */
export function SpeakingAs({
  groups,
  value,
  onChange,
  disabled,
}: {
  groups: OfficialGroup[];
  value: Speaking;
  onChange: (value: Speaking) => void;
  disabled: boolean;
}) {
  if (groups.length === 0) return null;
  return (
    <fieldset className={styles.speaking} disabled={disabled}>
      <legend className="visually-hidden">Speaking officially</legend>
      {groups.map((group) => (
        <label key={group} className={styles.checkbox}>
          <input
            type="checkbox"
            checked={value === group}
            onChange={(event) => onChange(event.target.checked ? group : 'normal')}
          />
          {LABELS[group]}
        </label>
      ))}
    </fieldset>
  );
}
