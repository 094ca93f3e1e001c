import { useId, useState } from 'react';
import type { Community, CommunityRule } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/Icon';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useRuleMutations } from '../api/rules';
import { RuleForm } from './RuleForm';
import styles from './Modtools.module.css';

const fail = (error: unknown) => showAlert(errorText(error), { tone: 'error' });

/** Rules (secondary §2): add, edit, delete and reorder; the community page shows them in this order. */
export function RulesTab({ community }: { community: Community }) {
  const id = useId();
  const { add, edit, remove, swap } = useRuleMutations(community);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CommunityRule | null>(null);
  const rules = [...(community.rules ?? [])].sort((a, b) => a.zIndex - b.zIndex || a.id - b.id);
  const moving = swap.isPending;

  return (
    <>
      <section className={styles.card} aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className={styles.cardTitle}>
          Rules
        </h2>
        {rules.length === 0 ? (
          <p className={styles.muted}>{community.name} has no rules yet.</p>
        ) : (
          <ol className={styles.list} aria-label="Rules">
            {rules.map((rule, index) => (
              <li key={rule.id} aria-label={rule.rule}>
                {editing === rule.id ? (
                  <RuleForm
                    initial={{ rule: rule.rule, description: rule.description ?? '' }}
                    busy={edit.isPending}
                    onCancel={() => setEditing(null)}
                    onSave={(text) =>
                      edit.mutateAsync({ ...rule, ...text }).then(() => setEditing(null), fail)
                    }
                  />
                ) : (
                  <div className={styles.row}>
                    <div className={styles.itemMain}>
                      <p className={styles.itemTitle} dir="auto">
                        {index + 1}. {rule.rule}
                      </p>
                      {rule.description && (
                        <p className={styles.itemMeta} dir="auto">
                          {rule.description}
                        </p>
                      )}
                    </div>
                    <div className={styles.actions}>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Move “${rule.rule}” up`}
                        disabled={index === 0 || moving}
                        onClick={() => swap.mutate([rule, rules[index - 1]!, rules], { onError: fail })}
                      >
                        <Icon name="arrowUp" size={16} />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Move “${rule.rule}” down`}
                        disabled={index === rules.length - 1 || moving}
                        onClick={() => swap.mutate([rule, rules[index + 1]!, rules], { onError: fail })}
                      >
                        <Icon name="arrowDown" size={16} />
                      </Button>
                      <Button
                        size="sm"
                        onClick={() => setEditing(rule.id)}
                        aria-label={`Edit “${rule.rule}”`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => setDeleting(rule)}
                        aria-label={`Delete “${rule.rule}”`}
                      >
                        Delete
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className={styles.card} aria-labelledby={`${id}-add`}>
        <h2 id={`${id}-add`} className={styles.cardTitle}>
          Add a rule
        </h2>
        <RuleForm
          busy={add.isPending}
          onSave={(text) =>
            add.mutateAsync(text).catch((error: unknown) => {
              fail(error);
              throw error;
            })
          }
        />
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this rule?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          deleting === null ? undefined : remove.mutateAsync(deleting.id).then(() => setDeleting(null), fail)
        }
      >
        <p dir="auto">{deleting?.rule}</p>
      </ConfirmDialog>
    </>
  );
}
