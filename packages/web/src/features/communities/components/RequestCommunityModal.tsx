import { useId, useState, type FormEvent } from 'react';
import { charLength, limits, messages, NAME_CHARACTERS, truncateChars } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { TextField } from '../../../components/ui/TextField';
import { TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useRequestCommunity } from '../api/request-community';
import styles from './CreateCommunityModal.module.css';

function cleanName(value: string): string {
  return truncateChars([...value].filter((ch) => NAME_CHARACTERS.test(ch)).join(''), limits.communityNameMax);
}

/**
 * The request-community modal (secondary §5), for members who cannot create a community themselves:
 * a name of at least 3 characters that cannot be changed later, and a note of up to 500 for the admins.
 */
export default function RequestCommunityModal({
  initialName = '',
  onClose,
}: {
  initialName?: string;
  onClose: () => void;
}) {
  const id = useId();
  const request = useRequestCommunity();
  const flight = useSingleFlight();
  const [name, setName] = useState(cleanName(initialName));
  const [note, setNote] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const noteLimit = useTextLimit(limits.communityRequestNoteMax);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flight.run(async () => {
      if (charLength(name) < limits.communityNameMin) {
        setNameError(messages.communities.requestNameTooShort);
        return;
      }
      setNameError(null);
      setFormError(null);
      try {
        await request.mutateAsync({ name, note: note.trim() });
        showAlert(messages.communities.requested, { tone: 'success' });
        onClose();
      } catch (error) {
        // The contract's client shows the server's message on any refusal (API.md §15.1).
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
          setFormError(error.message);
        else showAlert(errorText(error), { tone: 'error' });
      }
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Request community"
      description="The admins read every request and create the community, or tell you why not."
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Request community">
        {formError && (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
        <TextField
          label="Community name"
          name="name"
          data-autofocus
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={name}
          onChange={(event) => {
            setName(cleanName(event.target.value));
            if (nameError) setNameError(null);
            if (formError) setFormError(null);
          }}
          error={nameError}
          hint={`${limits.communityNameMin} to ${limits.communityNameMax} letters, digits or underscores. It cannot be changed later.`}
        />
        <div className={styles.field}>
          <div className={styles.labelRow}>
            <label htmlFor={`${id}-note`} className={styles.label}>
              Note (optional)
            </label>
            <span id={`${id}-count`} className={styles.counter}>
              <span className="visually-hidden">Characters used: </span>
              {charLength(note)}/{limits.communityRequestNoteMax}
            </span>
          </div>
          <textarea
            id={`${id}-note`}
            name="note"
            className={styles.textarea}
            rows={4}
            value={note}
            aria-describedby={`${id}-count`}
            placeholder="What would the community be about?"
            onChange={(event) => setNote(noteLimit.clip(event.target.value))}
          />
          <TextLimit
            id={`${id}-left`}
            value={note}
            max={limits.communityRequestNoteMax}
            cut={noteLimit.cut}
            counter={false}
          />
        </div>
        <div className={styles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={flight.busy} aria-busy={flight.busy || undefined}>
            {flight.busy ? 'Sending…' : 'Request'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
