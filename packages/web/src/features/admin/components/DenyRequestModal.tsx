import { useId, useState, type FormEvent } from 'react';
import { messages, type CommunityRequest } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { denialNoteMax, useDenyCommunityRequest } from '../api/deny-community-request';
import styles from './Admin.module.css';

/**
 * The deny-community-request modal (secondary §2): the requester is told their request was declined,
 * with the admin's note if one is written. If another admin denied it first, the list shows theirs.
 */
export default function DenyRequestModal({
  request,
  onClose,
}: {
  request: CommunityRequest;
  onClose: () => void;
}) {
  const id = useId();
  const deny = useDenyCommunityRequest();
  const [note, setNote] = useState('');
  const noteMax = denialNoteMax(request.communityName);
  const noteLimit = useTextLimit(noteMax);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deny.isPending) return;
    deny.mutate(
      { request, note },
      {
        onSuccess: (result) => {
          if (result === 'denied_now') showAlert(messages.communities.denialSent, { tone: 'success' });
          else showAlert(`Another admin has already denied /${request.communityName}.`);
          onClose();
        },
        onError: (error) => showAlert(errorText(error), { tone: 'error' }),
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Deny /${request.communityName}`}
      description={`@${request.byUser} is told: “${messages.admin.requestDeclined(request.communityName)}”, followed by your note.`}
    >
      <form className={styles.form} onSubmit={submit} aria-label="Deny community request">
        <div className={styles.field}>
          <label htmlFor={`${id}-note`} className={styles.label}>
            Note (optional)
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            className={styles.textarea}
            rows={4}
            value={note}
            aria-describedby={`${id}-left`}
            onChange={(event) => setNote(noteLimit.clip(event.target.value))}
          />
          <TextLimit id={`${id}-left`} value={note} max={noteMax} cut={noteLimit.cut} />
        </div>
        <div className={styles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="danger"
            disabled={deny.isPending}
            aria-busy={deny.isPending || undefined}
          >
            {deny.isPending ? 'Denying…' : 'Deny request'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
