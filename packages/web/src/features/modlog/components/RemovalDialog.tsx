import { useQuery } from '@tanstack/react-query';
import { useId, useState, type RefObject } from 'react';
import { charLength } from '@commons/shared';
import { modLogLimits, modLogMessages } from '@commons/shared/modlog';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { communityQuery } from '../../communities';
import { useCurrentUser } from '../../session';
import styles from './ModLog.module.css';

/** What a moderator's removal sends besides `deleteAs` (additions to the contract). */
export interface RemovalReasonQuery {
  reasonRule?: number;
  reason?: string;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's question (each caller keeps its own wording). */
  title: string;
  what: 'post' | 'comment';
  as: 'mods' | 'admins';
  /** An admin's "Delete content": the post's body, images and link go too, for good. */
  purge?: boolean;
  /** The confirming button's label (default "Delete"). */
  confirmLabel?: string;
  /** The community whose rules may be given as the reason. */
  communityName: string;
  busy?: boolean;
  onConfirm: (reason: RemovalReasonQuery) => void | Promise<unknown>;
  /** Where focus goes on closing when the control that opened it is gone. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A moderator's or admin's removal of a post or comment: confirms it, with an optional reason, one
 * of the community's rules and/or a few words, which the author's notification, the post's banner
 * and the public log show.
 */
export function RemovalDialog({
  open,
  onOpenChange,
  title,
  what,
  as,
  purge = false,
  confirmLabel = modLogMessages.remove,
  communityName,
  busy,
  onConfirm,
  returnFocusTo,
}: Props) {
  const id = useId();
  const viewer = useCurrentUser()?.id ?? null;
  const community = useQuery({ ...communityQuery(communityName, viewer), enabled: open });
  const rules = [...(community.data?.rules ?? [])].sort((a, b) => a.zIndex - b.zIndex);
  const [rule, setRule] = useState('');
  const [reason, setReason] = useState('');
  const tooLong = charLength(reason.trim()) > modLogLimits.reasonMax;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setRule('');
          setReason('');
        }
        onOpenChange(next);
      }}
      title={title}
      confirmLabel={confirmLabel}
      danger
      busy={busy}
      returnFocusTo={returnFocusTo}
      onConfirm={() => {
        if (tooLong) return;
        return onConfirm({
          ...(rule ? { reasonRule: Number(rule) } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        });
      }}
    >
      <p>
        {purge
          ? `This ${what} and its content (its text, images and link) will be deleted as admin, for good.`
          : `This ${what} will be deleted as ${as === 'mods' ? 'moderator' : 'admin'}.`}{' '}
        A reason, if you give one, is shown to its author and in the public moderation log.
      </p>
      <div className={styles.reasonFields}>
        {rules.length > 0 && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-rule`}>
              {modLogMessages.ruleLabel}
            </label>
            <select
              id={`${id}-rule`}
              className={styles.select}
              value={rule}
              onChange={(e) => setRule(e.target.value)}
            >
              <option value="">{modLogMessages.noRule}</option>
              {rules.map((r, index) => (
                <option key={r.id} value={String(r.id)}>
                  {index + 1}. {r.rule}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-reason`}>
            {modLogMessages.reasonLabel}
          </label>
          <textarea
            id={`${id}-reason`}
            className={styles.textarea}
            value={reason}
            dir="auto"
            aria-describedby={`${id}-count`}
            aria-invalid={tooLong || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <span id={`${id}-count`} className={styles.counter} role={tooLong ? 'alert' : undefined}>
            {tooLong
              ? modLogMessages.reasonTooLong(modLogLimits.reasonMax)
              : `${charLength(reason.trim())}/${modLogLimits.reasonMax}`}
          </span>
        </div>
      </div>
    </ConfirmDialog>
  );
}
