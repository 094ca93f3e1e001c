import type { Comment, List, ListItem, Post } from '@commons/shared';
import type { ListItemRow, ListRow } from './lists.repository.js';

/** API.md §5.8 List, keys in the contract's order. */
export function presentList(row: ListRow): List {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    public: row.public,
    numItems: row.num_items,
    sort: row.ordering,
    createdAt: row.created_at.toISOString(),
    lastUpdatedAt: row.last_updated_at.toISOString(),
  };
}

/** API.md §5.8 ListItem: `targetItem` is the viewer's rendering of the target, null when it is gone. */
export function presentListItem(row: ListItemRow, targetItem: Post | Comment | null): ListItem {
  return {
    id: row.id,
    listId: row.list_id,
    targetType: row.target_type,
    targetId: row.target_id,
    createdAt: row.created_at.toISOString(),
    targetItem,
  };
}
