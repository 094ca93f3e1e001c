import { useId, useState, type FormEvent } from 'react';
import { limits, messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { TextField } from '../../../components/ui/TextField';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useBlockIp } from '../api/block-ip';
import { blockRange, readBlockInput } from '../block-rules';
import styles from './Admin.module.css';

interface Errors {
  address?: string;
  expiresIn?: string;
  form?: string;
}

/**
 * The block-IP modal (secondary §5): an address, a CIDR network or trailing wildcards, an optional
 * expiry in hours and a note. The server's refusals read 'Error blocking IP: {its message}'.
 */
export default function BlockIpModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const block = useBlockIp();
  const [address, setAddress] = useState('');
  const [expiresIn, setExpiresIn] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (block.isPending) return;
    const input = readBlockInput(address, expiresIn, note);
    if (!input.ok) {
      setErrors({ [input.field]: input.message });
      return;
    }
    setErrors({});
    block.mutate(input.body, {
      onSuccess: (created) => {
        showAlert(`Blocked ${blockRange(created)}.`, { tone: 'success' });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
          setErrors({ form: messages.admin.blockFailed(error.message) });
        else showAlert(errorText(error), { tone: 'error' });
      },
    });
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Block IP">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Block IP">
        {errors.form && (
          <p className={styles.formError} role="alert">
            {errors.form}
          </p>
        )}
        <TextField
          label="Address"
          name="address"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="10.0.0.1, 10.0.0.0/16 or 10.0.*.*"
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            if (errors.address || errors.form)
              setErrors((e) => ({ ...e, address: undefined, form: undefined }));
          }}
          error={errors.address}
          hint="A full IPv4 or IPv6 address, a CIDR network, or trailing * parts of 8 bits each."
        />
        <TextField
          label="Expires in (hours)"
          name="expiresIn"
          inputMode="decimal"
          autoComplete="off"
          value={expiresIn}
          onChange={(event) => {
            setExpiresIn(event.target.value);
            if (errors.expiresIn) setErrors((e) => ({ ...e, expiresIn: undefined }));
          }}
          error={errors.expiresIn}
          hint="Leave empty to block until cancelled."
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-note`} className={styles.label}>
            Note
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            className={styles.textarea}
            rows={3}
            maxLength={limits.ipBlockNoteMax}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="danger"
            disabled={block.isPending}
            aria-busy={block.isPending || undefined}
          >
            {block.isPending ? 'Blocking…' : 'Block'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
