/** The comments a merged notification is about: created between these Unix seconds, both included. */
export interface HighlightRange {
  from: number;
  to: number;
}

const seconds = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** `?highlightFrom=…&highlightTo=…` of a merged notification's link (API.md §5.12, §18.12). */
export function highlightRange(from: string | null, to: string | null): HighlightRange | null {
  const start = seconds(from);
  const end = seconds(to);
  if (start === null || end === null || end < start) return null;
  return { from: start, to: end };
}

/** Whether a comment made at `createdAt` is one of them; the range is whole seconds. */
export function inHighlight(range: HighlightRange | null, createdAt: string): boolean {
  if (!range) return false;
  const at = Math.floor(Date.parse(createdAt) / 1000);
  return at >= range.from && at <= range.to;
}
