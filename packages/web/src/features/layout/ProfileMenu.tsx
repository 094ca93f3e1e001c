import { useLocation } from 'wouter';
import type { User } from '@commons/shared';
import { Menu, type MenuItem } from '../../components/ui/Menu';
import { useLogout } from '../auth';
import { setTheme, useTheme } from '../theme';
import { isAdmin } from '../../lib/policies';
import styles from './Navbar.module.css';
import { ProfileTrigger } from './ProfileTrigger';

/** The signed-in user's menu (core §2): Settings, Profile, Admin dashboard, Dark mode, Logout. */
export default function ProfileMenu({
  user,
  narrow,
  defaultOpen,
}: {
  user: User;
  narrow: boolean;
  defaultOpen: boolean;
}) {
  const theme = useTheme();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const items: MenuItem[] = [
    { kind: 'link', label: 'Settings', href: '/settings', icon: 'settings' },
    { kind: 'link', label: 'Profile', href: `/@${user.username}`, icon: 'user' },
    ...(isAdmin(user)
      ? [{ kind: 'link' as const, label: 'Admin dashboard', href: '/admin', icon: 'shield' as const }]
      : []),
    { kind: 'separator' },
    {
      kind: 'toggle',
      label: 'Dark mode',
      icon: 'moon',
      checked: theme === 'dark',
      onChange: (dark) => setTheme(dark ? 'dark' : 'light'),
    },
    { kind: 'separator' },
    {
      kind: 'action',
      label: 'Logout',
      icon: 'logout',
      onSelect: () => logout.mutate(undefined, { onSuccess: () => navigate('/') }),
    },
  ];
  return (
    <Menu
      label="Account"
      triggerClassName={styles.profileTrigger}
      trigger={<ProfileTrigger user={user} narrow={narrow} />}
      items={items}
      defaultOpen={defaultOpen}
    />
  );
}
