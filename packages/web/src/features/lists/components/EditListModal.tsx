import type { List } from '@commons/shared';
import { Modal } from '../../../components/ui/Modal';
import { ListForm } from './ListForm';

/** The edit-list modal (secondary §2): edits `list`, or creates one for `username` when there is none. */
export function EditListModal({
  username,
  list,
  onClose,
  onDone,
}: {
  username: string;
  list?: List;
  onClose: () => void;
  onDone?: (list: List) => void;
}) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={list ? 'Edit list' : 'New list'}>
      <ListForm
        username={username}
        list={list}
        onCancel={onClose}
        onDone={(saved) => {
          onClose();
          onDone?.(saved);
        }}
      />
    </Modal>
  );
}
