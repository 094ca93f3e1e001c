/**
 * True in the server's render of a first screen (entry-server.tsx), which has no document. Parts that
 * load code on demand render there what the browser's first render shows before that code arrives, so
 * the client takes the server's markup over unchanged.
 */
export const isServerRender = typeof document === 'undefined';
