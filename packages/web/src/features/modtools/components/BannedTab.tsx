import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { messages, type Community } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { TextField } from '../../../components/ui/TextField';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useBan, useBanned, useUnban } from '../api/banned';
import { BAN_DURATIONS, banErrorText, banExpiry } from './ban-form';
import styles from './Modtools.module.css';

/** Banned users (secondary §2): the list with Unban, and a ban form with an optional expiry. */
export function BannedTab({ community }: { community: Community }) {
  const id = useId();
  const banned = useBanned(community.id);
  const ban = useBan(community.id);
  const unban = useUnban(community.id);
  const [username, setUsername] = useState('');
  const [duration, setDuration] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!name) return;
    setProblem(null);
    ban.mutate(
      { username: name, expires: banExpiry(duration, new Date()) },
      {
        onSuccess: (user) => {
          setUsername('');
          showAlert(messages.moderation.isBanned(user.username), { tone: 'success' });
        },
        onError: (error) => {
          // "already banned" names the account as it is spelt, not as it was typed.
          const listed = banned.data?.find((u) => u.username.toLowerCase() === name.toLowerCase());
          const text = banErrorText(error, listed?.username ?? name);
          if (text) setProblem(text);
          else showAlert(errorText(error), { tone: 'error' });
        },
      },
    );
  };

  const users = banned.data ?? [];
  return (
    <>
      <section className={styles.card} aria-labelledby={`${id}-ban`}>
        <h2 id={`${id}-ban`} className={styles.cardTitle}>
          Ban a user
        </h2>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            error={problem}
            onChange={(e) => {
              setUsername(e.target.value);
              if (problem) setProblem(null);
            }}
          />
          <div className={styles.field}>
            <label htmlFor={`${id}-expiry`} className={styles.label}>
              Duration
            </label>
            <select
              id={`${id}-expiry`}
              className={styles.select}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
            >
              {BAN_DURATIONS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <Button type="submit" variant="danger" disabled={!username.trim() || ban.isPending}>
              Ban
            </Button>
          </div>
        </form>
      </section>
      <section className={styles.card} aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className={styles.cardTitle}>
          Banned users
        </h2>
        {banned.isPending ? (
          <Skeleton lines={1} count={3} label="Loading banned users" />
        ) : banned.isError ? (
          <div role="alert">
            <p className={styles.error}>{errorText(banned.error)}</p>
            <Button onClick={() => void banned.refetch()}>{messages.common.retry}</Button>
          </div>
        ) : users.length === 0 ? (
          <p className={styles.muted}>No one is banned from {community.name}.</p>
        ) : (
          <ul className={styles.list} aria-label="Banned users">
            {users.map((user) => (
              <li key={user.id} className={styles.row}>
                <Link href={`/@${user.username}`}>@{user.username}</Link>
                <Button
                  size="sm"
                  disabled={unban.isPending}
                  onClick={() =>
                    unban.mutate(user.username, {
                      onError: (error) => showAlert(errorText(error), { tone: 'error' }),
                    })
                  }
                  aria-label={`Unban @${user.username}`}
                >
                  Unban
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
