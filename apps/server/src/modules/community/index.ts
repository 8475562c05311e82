import { everySweep } from '../../core/jobs/schedule.ts';
import type { Module } from '../types.ts';
import { advertScreens, registerAdvertRoutes } from './advert/routes.ts';
import { h5Screens, registerH5Routes } from './h5/routes.ts';
import { neighbourScreens, registerNeighbourRoutes } from './neighbour/routes.ts';
import { questionnaireResource } from './questionnaire/resource.ts';
import { registerQuestionnaireRoutes } from './questionnaire/routes.ts';
import { closeEndedVotes } from './vote/review.ts';
import { voteResource } from './vote/resource.ts';
import { registerVoteRoutes } from './vote/routes.ts';

/**
 * 社区: questionnaires and votes (polls and owners' general-meeting resolutions), the residents' neighbourhood circle
 * and its moderation, ad slots let to advertisers, the resident page's modules per village and the categories they
 * share. Each capability is a sub-folder with its routes, screens and services, registered here.
 */
export const communityModule: Module = {
  name: 'community',
  register: (app, deps) => {
    registerQuestionnaireRoutes(app, deps);
    registerVoteRoutes(app, deps);
    registerNeighbourRoutes(app, deps);
    registerAdvertRoutes(app, deps);
    registerH5Routes(app, deps);
  },
  screens: [questionnaireResource, voteResource, ...neighbourScreens, ...advertScreens, ...h5Screens],
  jobs: [
    // an open vote ends at its 截止时间: ballots are refused from then on anyway, the job records it as 已结束
    { name: 'community-vote-close', schedule: everySweep, run: ({ db }) => closeEndedVotes(db) },
  ],
};

/** For the resident pages: answer a questionnaire, vote, entrust a proxy (each validated fully). */
export { answerQuestionnaire, type AnswerGiven, type AnswerInput } from './questionnaire/answer.ts';
export { castVote, entrustVote, type CastInput, type EntrustInput } from './vote/cast.ts';
export { tallyResolution, ruleText, type Matter } from './vote/tally.ts';
export { freezeRoll } from './vote/roll.ts';
export { closeEndedVotes } from './vote/review.ts';
/** The resident page's circle: post, like, comment and his feed (approved posts of his village and his own). */
export { commentPost, createPost, likePost, listPosts, type CreatedPost, type FeedPost } from './neighbour/posts.ts';
export type { CommentInput, LikeInput, ListInput, PostInput, ResidentRef } from './neighbour/inputs.ts';
/** The resident page's modules a village has on. */
export { villageH5Modules } from './h5/modules.ts';
export { advertFigures } from './advert/figures.ts';
export * from './schema.ts';
