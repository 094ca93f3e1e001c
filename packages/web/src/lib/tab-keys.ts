/**
 * The tabs pattern's keys (WAI-ARIA): the index of the tab that ArrowRight, ArrowLeft (both wrapping),
 * Home or End moves to from `index` among `count` tabs; undefined for any other key.
 */
export function tabMovedTo(key: string, index: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowRight: (index + 1) % count,
    ArrowLeft: (index - 1 + count) % count,
    Home: 0,
    End: count - 1,
  };
  return moves[key];
}
