/**
 * Scroll positions of the bottom bar's pages, so going back to one from the bar puts the reader where
 * they were (core §2).
 */
const positions = new Map<string, number>();

export function rememberScroll(path: string): void {
  positions.set(path, window.scrollY);
}

/** Restores a remembered position once the page is tall enough to hold it (content may still load). */
export function restoreScroll(path: string): void {
  const target = positions.get(path) ?? 0;
  let tries = 0;
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
    if (reachable || tries++ > 30) window.scrollTo(0, target);
    else requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
