/** Query keys of the comments feature. */
export const commentKeys = {
  all: ['comments'] as const,
  ofPost: (publicId: string, viewer: string | null) => ['comments', publicId, viewer] as const,
};
