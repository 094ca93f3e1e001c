import type { Post } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { formatCount } from '../../../lib/format-count';
import { useVotePost } from '../api/vote-post';
import { currentVote } from '../post-rules';
import styles from './VoteButtons.module.css';

function Vote({
  up,
  count,
  pressed,
  disabled,
  compact,
  onVote,
}: {
  up: boolean;
  count: number;
  pressed: boolean;
  disabled: boolean;
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
        title={disabled ? 'Voting is off on locked posts' : undefined}
        onClick={onVote}
      >
        <Icon name={up ? 'arrowUp' : 'arrowDown'} size={compact ? 16 : 18} />
      </button>
      <span className={styles.count}>{formatCount(count)}</span>
    </span>
  );
}

/**
 * Up and down buttons with their counts and the reader's vote (pressed). Votes on a locked post are
 * off (core §4).
 */
export function VoteButtons({ post, compact = false }: { post: Post; compact?: boolean }) {
  const vote = useVotePost();
  const current = currentVote(post);
  return (
    <div className={`${styles.votes} ${compact ? styles.compact : ''}`} role="group" aria-label="Votes">
      <Vote
        up
        count={post.upvotes}
        pressed={current === 'up'}
        disabled={post.locked}
        compact={compact}
        onVote={() => vote(post, true)}
      />
      <Vote
        up={false}
        count={post.downvotes}
        pressed={current === 'down'}
        disabled={post.locked}
        compact={compact}
        onVote={() => vote(post, false)}
      />
    </div>
  );
}
