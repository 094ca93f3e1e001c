import { UserText } from '../../../components/markdown/UserText';
import { useCurrentUser } from '../../session';

/**
 * A post's markdown body. Previews (feed cards) never embed videos; the post page embeds them unless
 * the reader turned embeds off.
 */
export function PostBody({ text, preview = false }: { text: string; preview?: boolean }) {
  const user = useCurrentUser();
  return <UserText text={text} embeds={!preview && !user?.embedsOff} />;
}
