import { useQuery } from '@tanstack/react-query';
import { CurrentUserProvider, initialQuery } from '../../session';
import { InstallBanner } from './InstallBanner';
import { NotificationPrompt } from './NotificationPrompt';
import { UpdatePrompt } from './UpdatePrompt';

/** The installable app's prompts, once the bootstrap data is there (they read the session). */
export function PwaPrompts() {
  const { data } = useQuery(initialQuery);
  return (
    <>
      <UpdatePrompt />
      {data && (
        <CurrentUserProvider>
          <NotificationPrompt />
          <InstallBanner />
        </CurrentUserProvider>
      )}
    </>
  );
}
