/** The range of PostgreSQL's `integer` (ids of lists, rules, notifications…; points): beyond it, a query fails. */
export const INT32_MAX = 2 ** 31 - 1;
export const INT32_MIN = -(2 ** 31);
