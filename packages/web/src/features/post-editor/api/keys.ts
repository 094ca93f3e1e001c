/** Query keys of the post editor: its own copy of the post being edited, apart from the post page's. */
export const postEditorKeys = {
  post: (publicId: string) => ['post-editor', 'post', publicId] as const,
};
