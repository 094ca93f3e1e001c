import type { User } from '@commons/shared';
import { useAdminUserDetails } from '../api/get-user';
import styles from './Profile.module.css';

/** What the table leaves out: pictures and communities have their own places on the page. */
const LEFT_OUT = new Set(['proPic', 'moddingList']);

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Every field of the admin view of a user (core §6: admins see all user details), as a table. */
export function AdminDetails({ user }: { user: User }) {
  const query = useAdminUserDetails(user.username, true);
  if (!query.data) return null;
  const rows = Object.entries(query.data).filter(([key]) => !LEFT_OUT.has(key));
  return (
    <section className={styles.card} aria-labelledby="profile-admin-details">
      <h2 id="profile-admin-details" className={styles.cardTitle}>
        User details
      </h2>
      <table className={styles.details}>
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              <td>{shown(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
