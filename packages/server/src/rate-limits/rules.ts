/**
 * Every rate limit of DOMAIN.md §12: fixed windows of `points` requests per `seconds`. A request must
 * fit every window of its rule. Keys are per user unless the rule's name says IP.
 */
export const RATE_LIMIT_RULES = {
  loginIp: [{ points: 10, seconds: 1 }],
  loginIpUser: [{ points: 20, seconds: 3600 }],
  signupIp: [
    { points: 2, seconds: 60 },
    { points: 10, seconds: 6 * 3600 },
  ],
  deleteAccount: [{ points: 1, seconds: 5 }],
  createPost: [
    { points: 1, seconds: 10 },
    { points: 70, seconds: 86_400 },
  ],
  updateContent: [
    { points: 1, seconds: 1 },
    { points: 2000, seconds: 86_400 },
  ],
  vote: [
    { points: 4, seconds: 1 },
    { points: 2000, seconds: 86_400 },
  ],
  createComment: [
    { points: 2, seconds: 5 },
    { points: 300, seconds: 86_400 },
  ],
  uploadImage: [
    { points: 5, seconds: 1 },
    { points: 80, seconds: 86_400 },
  ],
  joinCommunity: [
    { points: 1, seconds: 1 },
    { points: 500, seconds: 3600 },
  ],
  report: [
    { points: 1, seconds: 5 },
    { points: 50, seconds: 86_400 },
  ],
  notificationsBulk: [{ points: 5, seconds: 1 }],
  settings: [
    { points: 5, seconds: 1 },
    { points: 100, seconds: 3600 },
  ],
  createList: [
    { points: 1, seconds: 2 },
    { points: 100, seconds: 86_400 },
  ],
  editList: [{ points: 1, seconds: 1 }],
  addListItem: [
    { points: 2, seconds: 1 },
    { points: 1000, seconds: 3600 },
  ],
  linkInfo: [{ points: 1000, seconds: 3600 }],
  analyticsIp: [{ points: 2, seconds: 1 }],
  communityRequest: [{ points: 5, seconds: 12 * 3600 }],
  createCommunity: [
    { points: 1, seconds: 60 },
    { points: 5, seconds: 86_400 },
  ],
} as const satisfies Record<string, ReadonlyArray<{ points: number; seconds: number }>>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;
