import type { Post } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { formatCount } from '../../../lib/format-count';
import { useVotePost } from '../api/vote-post';
import { currentVote, type VoteState } from '../post-rules';
import styles from './VoteButtons.module.css';

function Vote({
  up,
  count,
  pressed,
  disabled,
  disabledTitle,
  compact,
  onVote,
}: {
  up: boolean;
  count: number;
  pressed: boolean;
  disabled: boolean;
  disabledTitle: string | undefined;
  compact: boolean;
  onVote: () => void;
}) {
  return (
    // The count sits beside its button, not in it, so the button's name is just Upvote or Downvote; the
    // button still covers the whole half of the pill.
    <span className={`${styles.vote} ${up ? styles.up : styles.down} ${pressed ? styles.pressed : ''}`}>
      <button
        type="button"
        className={styles.button}
        aria-label={up ? 'Upvote' : 'Downvote'}
        aria-pressed={pressed}
        disabled={disabled}
        title={disabled ? disabledTitle : undefined}
        onClick={onVote}
      >
        <Icon name={up ? 'arrowUp' : 'arrowDown'} size={compact ? 16 : 18} />
      </button>
      <span className={styles.count}>{formatCount(count)}</span>
    </span>
  );
}

/**
 * Up and down buttons with their counts and the reader's vote (pressed), for posts and comments.
 */
export function VotePair({
  state,
  disabled,
  disabledTitle,
  compact = false,
  onVote,
}: {
  state: VoteState;
  disabled: boolean;
  disabledTitle?: string;
  compact?: boolean;
  onVote: (up: boolean) => void;
}) {
  const current = currentVote(state);
  return (
    <div className={`${styles.votes} ${compact ? styles.compact : ''}`} role="group" aria-label="Votes">
      <Vote
        up
        count={state.upvotes}
        pressed={current === 'up'}
        disabled={disabled}
        disabledTitle={disabledTitle}
        compact={compact}
        onVote={() => onVote(true)}
      />
      <Vote
        up={false}
        count={state.downvotes}
        pressed={current === 'down'}
        disabled={disabled}
        disabledTitle={disabledTitle}
        compact={compact}
        onVote={() => onVote(false)}
      />
    </div>
  );
}

/** A post's votes. Votes on a locked post are off (core §4). */
export function VoteButtons({ post, compact = false }: { post: Post; compact?: boolean }) {
  const vote = useVotePost();
  return (
    <VotePair
      state={post}
      disabled={post.locked}
      disabledTitle="Voting is off on locked posts"
      compact={compact}
      onVote={(up) => vote(post, up)}
    />
  );
}
