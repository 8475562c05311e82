import type { Module } from '../types.ts';
import { advertScreens, registerAdvertRoutes } from './advert/routes.ts';
import { h5Screens, registerH5Routes } from './h5/routes.ts';
import { neighbourScreens, registerNeighbourRoutes } from './neighbour/routes.ts';

/**
 * 社区: the residents' neighbourhood circle and its moderation, ad slots let to advertisers, the resident page's
 * modules per village and the categories they share. Each capability registers itself here.
 */
export const communityModule: Module = {
  name: 'community',
  register: (app, deps) => {
    registerNeighbourRoutes(app, deps);
    registerAdvertRoutes(app, deps);
    registerH5Routes(app, deps);
  },
  screens: [...neighbourScreens, ...advertScreens, ...h5Screens],
};

/** The resident page's circle: post, like, comment and his feed (approved posts of his village and his own). */
export { commentPost, createPost, likePost, listPosts, type CreatedPost, type FeedPost } from './neighbour/posts.ts';
export type { CommentInput, LikeInput, ListInput, PostInput, ResidentRef } from './neighbour/inputs.ts';
/** The resident page's modules a village has on. */
export { villageH5Modules } from './h5/modules.ts';
export { advertFigures } from './advert/figures.ts';
export * from './schema.ts';
