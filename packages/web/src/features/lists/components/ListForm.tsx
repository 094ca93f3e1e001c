import { useId, useRef, useState, type FormEvent } from 'react';
import { charLength, limits, messages, NAME_CHARACTERS, truncateChars, type List } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/Switch';
import { TextField } from '../../../components/ui/TextField';
import { TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useCreateList, type ListFields } from '../api/create-list';
import { useEditList } from '../api/edit-list';
import { isListNameAvailable } from '../api/get-list';
import styles from './Lists.module.css';

interface Errors {
  name?: string;
  form?: string;
}

/** Letters, digits and underscores only, as in usernames (API.md §2.4); the rest is dropped as typed. */
function cleanName(value: string): string {
  return truncateChars([...value].filter((ch) => NAME_CHARACTERS.test(ch)).join(''), limits.listNameMax);
}

/** Server answers in the form's words (secondary §8); null for those that go to the generic alert. */
function errorsFromServer(error: unknown, name: string): Errors | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'duplicate-list':
      return { name: messages.lists.nameExists(name) };
    case 'list-name-empty':
      return { name: messages.lists.nameEmpty };
    case 'invalid-list-name':
      return { name: error.message };
    default:
      return null;
  }
}

interface Props {
  /** The owner: whose names the check on blur looks among. */
  username: string;
  /** The list being edited; none to create one. */
  list?: List;
  onCancel: () => void;
  /** Called with the new or updated list. */
  onDone: (list: List) => void;
}

/**
 * A list's fields (secondary §5): the name (the URL part, required, unique among the owner's lists,
 * checked when the field is left), the display name (up to 50), the description and the public switch.
 * Creates a list, or edits one.
 */
export function ListForm({ username, list, onCancel, onDone }: Props) {
  const id = useId();
  const create = useCreateList(username);
  const edit = useEditList();
  const flight = useSingleFlight();
  const [name, setName] = useState(list?.name ?? '');
  const [displayName, setDisplayName] = useState(list?.displayName ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [isPublic, setPublic] = useState(list?.public ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const descriptionLimit = useTextLimit(limits.listDescriptionMax);
  // Only the answer for the name still in the field counts: an older check may answer last.
  const checking = useRef('');

  const checkName = async () => {
    const value = name;
    if (!value || value === list?.name) return;
    checking.current = value;
    const available = await isListNameAvailable(username, value);
    if (checking.current !== value) return;
    if (available === false) setErrors((e) => ({ ...e, name: messages.lists.nameExists(value) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void flight.run(async () => {
      if (!name) {
        setErrors({ name: messages.lists.nameEmpty });
        return;
      }
      if (errors.name) return;
      setErrors({});
      const fields: ListFields = {
        name,
        displayName: displayName.trim() || name,
        description: description.trim(),
        public: isPublic,
      };
      try {
        if (list) {
          onDone(await edit.mutateAsync({ id: list.id, fields }));
        } else {
          const lists = await create.mutateAsync(fields);
          showAlert(messages.lists.created, { tone: 'success' });
          const created = lists.find((l) => l.name === name);
          if (created) onDone(created);
          else onCancel();
        }
      } catch (error) {
        const mapped = errorsFromServer(error, name);
        if (mapped) setErrors(mapped);
        else showAlert(errorText(error), { tone: 'error' });
      }
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={list ? 'Edit list' : 'New list'}>
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={name}
        onChange={(event) => {
          setName(cleanName(event.target.value));
          checking.current = '';
          if (errors.name) setErrors((e) => ({ ...e, name: undefined }));
        }}
        onBlur={() => void checkName()}
        error={errors.name}
        hint={`Part of the list's address: ${limits.listNameMin} to ${limits.listNameMax} letters, digits or underscores.`}
      />
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="off"
        value={displayName}
        placeholder={name || undefined}
        onChange={(event) => setDisplayName(truncateChars(event.target.value, limits.listDisplayNameMax))}
        hint={`Up to ${limits.listDisplayNameMax} characters. ${charLength(displayName)}/${limits.listDisplayNameMax}`}
      />
      <div className={styles.field}>
        <label htmlFor={`${id}-description`} className={styles.label}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          className={styles.textarea}
          rows={3}
          value={description}
          onChange={(event) => setDescription(descriptionLimit.clip(event.target.value))}
        />
        <TextLimit
          id={`${id}-left`}
          value={description}
          max={limits.listDescriptionMax}
          cut={descriptionLimit.cut}
        />
      </div>
      <div className={styles.switchRow}>
        <Switch
          label="Public"
          description="Anyone can see a public list and its items."
          checked={isPublic}
          onChange={setPublic}
        />
      </div>
      <div className={styles.actions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={flight.busy} aria-busy={flight.busy || undefined}>
          {list ? 'Save' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
