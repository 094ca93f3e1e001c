/** Shortens counts: above 990 to "1k", above 999 000 to "1m" (core §9), one decimal below ten. */
export function formatCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const short = (value: number, suffix: string) => {
    const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
    return `${sign}${rounded}${suffix}`;
  };
  if (abs > 999_000) return short(abs / 1_000_000, 'm');
  if (abs > 990) return short(abs / 1000, 'k');
  return `${sign}${abs}`;
}
