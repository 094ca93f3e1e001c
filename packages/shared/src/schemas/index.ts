export * from './common.js';
export * from './image.js';
export * from './user.js';
export * from './community.js';
export * from './lists.js';
export * from './session.js';
export * from './post.js';
