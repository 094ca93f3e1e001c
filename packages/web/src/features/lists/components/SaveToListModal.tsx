import { useState } from 'react';
import { messages, type List } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Modal } from '../../../components/ui/Modal';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorText } from '../../../lib/api-client';
import { useCurrentUser, useInitial } from '../../session';
import type { ListTargetType } from '../api/keys';
import { useToggleListItem } from '../api/list-items';
import { useSavedTo } from '../api/saved-to';
import { ListForm } from './ListForm';
import styles from './Lists.module.css';

interface Props {
  targetType: ListTargetType;
  targetId: string;
  onClose: () => void;
}

/**
 * Save to list (secondary §2, §4): a checkbox for each of the viewer's lists, ticked where the item is
 * already saved; ticking adds it, unticking removes it, and a failed request puts the box back. Its
 * second view creates a list, which then shows among the boxes.
 */
export function SaveToListModal({ targetType, targetId, onClose }: Props) {
  const [view, setView] = useState<'lists' | 'create'>('lists');
  const user = useCurrentUser();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={view === 'lists' ? 'Save to list' : 'New list'}
    >
      {view === 'lists' || !user ? (
        <ListChoices targetType={targetType} targetId={targetId} onCreate={() => setView('create')} />
      ) : (
        <ListForm
          username={user.username}
          onCancel={() => setView('lists')}
          onDone={() => setView('lists')}
        />
      )}
    </Modal>
  );
}

function ListChoices({
  targetType,
  targetId,
  onCreate,
}: {
  targetType: ListTargetType;
  targetId: string;
  onCreate: () => void;
}) {
  const { lists } = useInitial();
  const saved = useSavedTo(targetType, targetId);
  const { ticked, toggle } = useToggleListItem({ targetType, targetId });
  const savedIds = new Set(saved.data ?? []);
  return (
    <div className={styles.choices}>
      {saved.isPending ? (
        <Skeleton lines={1} count={Math.min(Math.max(lists.length, 1), 4)} label="Loading your lists" />
      ) : saved.isError ? (
        <div role="alert" className={styles.message}>
          <p>{errorText(saved.error)}</p>
          <Button onClick={() => void saved.refetch()}>{messages.common.retry}</Button>
        </div>
      ) : (
        <fieldset className={styles.checkboxes}>
          <legend className="visually-hidden">Lists</legend>
          {lists.map((list: List) => (
            <label key={list.id} className={styles.checkboxRow}>
              <input
                type="checkbox"
                checked={ticked(list, savedIds.has(list.id))}
                onChange={(event) => toggle(list, event.target.checked)}
              />
              <span className={styles.checkboxName} dir="auto">
                {list.displayName}
              </span>
              <span className={styles.checkboxMeta}>
                <Icon name={list.public ? 'globe' : 'lock'} size={14} />
                <span className="visually-hidden"> {list.public ? 'Public' : 'Private'}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <Button variant="ghost" onClick={onCreate} className={styles.newList}>
        <Icon name="plus" size={18} />
        New list
      </Button>
    </div>
  );
}
