const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 2024": the client splits on the one space (API.md §5.3, MUST). */
export function monthYear(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The zero time of ghost users (API.md §2.2). */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
