import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { charLength, limits, messages, NAME_CHARACTERS, truncateChars } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { TextField } from '../../../components/ui/TextField';
import { TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useCreateCommunity } from '../api/create-community';
import styles from './CreateCommunityModal.module.css';

interface Errors {
  name?: string;
  form?: string;
  /** The refusal was about the member, not the name: they may request the community instead. */
  mayRequest?: boolean;
}

/** Server answers in the modal's words (secondary §8); null for those that go to the generic alert. */
function errorsFromServer(error: unknown): Errors | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return { name: messages.communities.exists };
  switch (error.code) {
    case 'not_enough_points':
      // The server names the site's own threshold; at the default it is the spec's text exactly.
      return { form: error.message || messages.communities.notEnoughPoints, mayRequest: true };
    case 'max_limit_reached':
      return { form: messages.communities.maxLimitReached, mayRequest: true };
    case 'invalid-community-name':
      return { name: error.message };
    default:
      return null;
  }
}

/** Only letters, digits and underscores can be typed; the rest is dropped as it arrives. */
function cleanName(value: string): string {
  return truncateChars([...value].filter((ch) => NAME_CHARACTERS.test(ch)).join(''), limits.communityNameMax);
}

/**
 * Creating a community (secondary §5): a name of 3 to 21 letters, digits or underscores that cannot be
 * changed later, and a description of up to 500 characters with a counter. The new community joins the
 * sidebar and the creator lands on its page. A member the server refuses for their points or their
 * number of communities is offered the request-community modal instead, with the name kept.
 */
export default function CreateCommunityModal({
  onClose,
  onRequestInstead,
}: {
  onClose: () => void;
  onRequestInstead?: (name: string) => void;
}) {
  const id = useId();
  const [, navigate] = useLocation();
  const create = useCreateCommunity();
  const [name, setName] = useState('');
  const [about, setAbout] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const flight = useSingleFlight();
  const aboutLimit = useTextLimit(limits.communityAboutCreateMax);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flight.run(async () => {
      if (charLength(name) < limits.communityNameMin || !NAME_CHARACTERS.test(name)) {
        setErrors({ name: messages.communities.nameTooShort });
        return;
      }
      setErrors({});
      try {
        const community = await create.mutateAsync({ name, about: about.trim() });
        onClose();
        navigate(`/${community.name}`);
      } catch (error) {
        const mapped = errorsFromServer(error);
        if (mapped) setErrors(mapped);
        else showAlert(errorText(error), { tone: 'error' });
      }
    });
  };

  const aboutLength = charLength(about);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Create community">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Create community">
        {errors.form && (
          <div className={styles.formError}>
            {/* The alert is the message alone; the offer to request instead is not part of it. */}
            <p className={styles.formErrorText} role="alert">
              {errors.form}
            </p>
            {errors.mayRequest && onRequestInstead && (
              <Button size="sm" onClick={() => onRequestInstead(name)}>
                Request this community instead
              </Button>
            )}
          </div>
        )}
        <TextField
          label="Name"
          name="name"
          data-autofocus
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={name}
          onChange={(event) => {
            setName(cleanName(event.target.value));
            if (errors.name) setErrors((e) => ({ ...e, name: undefined }));
          }}
          error={errors.name}
          hint={`${limits.communityNameMin} to ${limits.communityNameMax} letters, digits or underscores. It cannot be changed later.`}
        />
        <div className={styles.field}>
          <div className={styles.labelRow}>
            <label htmlFor={`${id}-about`} className={styles.label}>
              Description
            </label>
            <span id={`${id}-count`} className={styles.counter}>
              <span className="visually-hidden">Characters used: </span>
              {aboutLength}/{limits.communityAboutCreateMax}
            </span>
          </div>
          <textarea
            id={`${id}-about`}
            name="about"
            className={styles.textarea}
            rows={5}
            value={about}
            aria-describedby={`${id}-count`}
            onChange={(event) => setAbout(aboutLimit.clip(event.target.value))}
          />
          <TextLimit
            id={`${id}-left`}
            value={about}
            max={limits.communityAboutCreateMax}
            cut={aboutLimit.cut}
            counter={false}
          />
        </div>
        <div className={styles.actions}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={flight.busy} aria-busy={flight.busy || undefined}>
            {flight.busy ? 'Creating…' : 'Create'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
