import { useState } from 'react';
import type { Community } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/Icon';
import { useAuthDialogs } from '../../auth';
import { useCurrentUser } from '../../session';
import { useJoinCommunity } from '../api/join-community';

/**
 * Join or leave (core §2). Guests get the login prompt; a moderator who leaves stops being one, so
 * they are asked first (secondary spec §4).
 */
export function JoinButton({ community }: { community: Community }) {
  const user = useCurrentUser();
  const { openLoginPrompt } = useAuthDialogs();
  const join = useJoinCommunity();
  const [confirming, setConfirming] = useState(false);
  const joined = Boolean(user && community.userJoined);

  const onClick = () => {
    if (!user) {
      openLoginPrompt();
      return;
    }
    if (joined && community.userMod) {
      setConfirming(true);
      return;
    }
    join.mutate({ community, leave: joined });
  };

  return (
    <>
      <Button
        variant={joined ? 'secondary' : 'primary'}
        aria-pressed={joined}
        disabled={join.isPending}
        onClick={onClick}
        title={joined ? `Leave ${community.name}` : undefined}
      >
        {joined && <Icon name="check" size={17} />}
        {joined ? 'Joined' : 'Join'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Leave ${community.name}?`}
        confirmLabel="Leave"
        danger
        busy={join.isPending}
        onConfirm={() => join.mutate({ community, leave: true }, { onSettled: () => setConfirming(false) })}
      >
        <p>
          You are a moderator of {community.name}. If you leave, you will no longer be one of its moderators.
        </p>
      </ConfirmDialog>
    </>
  );
}
