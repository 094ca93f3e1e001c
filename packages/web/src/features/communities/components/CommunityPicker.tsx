import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { ui, type CommunityWithoutMods, type Image } from '@commons/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { Icon } from '../../../components/ui/Icon';
import { formatCount } from '../../../lib/format-count';
import { useCommunitySearch } from '../api/list-communities';
import styles from './CommunityPicker.module.css';

/** `value` once `ms` have passed without it changing. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function memberCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'member' : 'members'}`;
}

export interface PickedCommunity {
  name: string;
  proPic: Image | null;
}

interface Props {
  /** The field's id, for a form that moves focus to it. */
  id?: string;
  label: string;
  /** The chosen community, or null while none is. */
  value: PickedCommunity | null;
  onChange: (community: CommunityWithoutMods | null) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of texts describing the field (its error). */
  describedBy?: string;
  placeholder?: string;
}

/**
 * Choosing a community by searching for it (core §2, §7): an editable combobox (the ARIA combobox
 * pattern with a listbox popup) whose suggestions come 200 ms after typing stops: the 10 largest
 * communities, or the 10 best matches, each with its icon, name and member count. Down and Up move
 * through them, Enter chooses, Escape closes the list (or clears the field when it is closed).
 */
export function CommunityPicker({
  id: givenId,
  label,
  value,
  onChange,
  disabled = false,
  invalid = false,
  describedBy,
  placeholder = 'Search communities',
}: Props) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A choice made elsewhere (a preselected community) shows in the field.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setText(value.name);
  }

  const query = useDebouncedValue(text.trim(), ui.communitySearchDebounceMs);
  // Only once typing has stopped: no request per keystroke, not even for the list before it.
  const search = useCommunitySearch(query, open && !disabled && query === text.trim());
  const options = open ? (search.data ?? []).slice(0, ui.communitySearchResults) : [];
  const expanded = open && options.length > 0;
  const activeOption = active >= 0 && active < options.length ? active : -1;

  const choose = (community: CommunityWithoutMods) => {
    setText(community.name);
    setOpen(false);
    setActive(-1);
    onChange(community);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else if (options.length > 0) {
          setActive((activeOption + 1) % options.length);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
        } else if (options.length > 0) {
          setActive(activeOption <= 0 ? options.length - 1 : activeOption - 1);
        }
        break;
      case 'Home':
      case 'End':
        if (expanded && activeOption >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : options.length - 1);
        }
        break;
      case 'Enter':
        // Ctrl+Enter belongs to the form (it submits).
        if (event.ctrlKey || event.metaKey) break;
        if (expanded && activeOption >= 0) {
          event.preventDefault();
          choose(options[activeOption]!);
        } else {
          // Enter never submits a form from this field: it only chooses.
          event.preventDefault();
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
          if (value) onChange(null);
        }
        break;
    }
  };

  const onBlur = () => {
    setOpen(false);
    setActive(-1);
    if (value) {
      if (text !== value.name) setText(value.name);
      return;
    }
    // A name typed out in full counts as choosing it.
    const typed = text.trim().toLowerCase();
    const match = (search.data ?? []).find((c) => c.name.toLowerCase() === typed);
    if (typed && match) choose(match);
  };

  let status = '';
  if (open && !search.isPlaceholderData && search.data) {
    status =
      options.length === 0
        ? 'No communities found'
        : `${options.length} ${options.length === 1 ? 'community' : 'communities'} found`;
  }

  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${invalid ? styles.invalid : ''}`}>
        <span className={styles.leading} aria-hidden="true">
          {value ? (
            <Avatar kind="community" name={value.name} image={value.proPic} size={24} />
          ) : (
            <Icon name="search" size={18} />
          )}
        </span>
        <input
          id={id}
          className={styles.input}
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && activeOption >= 0 ? `${id}-option-${activeOption}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            if (value && event.target.value !== value.name) onChange(null);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
      </div>
      <ul id={listId} role="listbox" aria-label={label} className={styles.list} hidden={!expanded}>
        {options.map((community, i) => (
          <li
            key={community.id}
            id={`${id}-option-${i}`}
            role="option"
            aria-selected={i === activeOption}
            className={`${styles.option} ${i === activeOption ? styles.active : ''}`}
            // Keep the focus in the field; the click then chooses.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => {
              if (i !== activeOption) setActive(i);
            }}
            onClick={() => choose(community)}
          >
            <Avatar kind="community" name={community.name} image={community.proPic} size={28} />
            <span className={styles.optionText}>
              <span className={styles.optionName}>{community.name}</span>
              <span className={styles.optionMeta}>{memberCount(community.noMembers)}</span>
            </span>
          </li>
        ))}
      </ul>
      <span id={statusId} className="visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
