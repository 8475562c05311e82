import { everySweep } from '../../core/jobs/schedule.ts';
import type { Module } from '../types.ts';
import { questionnaireResource } from './questionnaire/resource.ts';
import { registerQuestionnaireRoutes } from './questionnaire/routes.ts';
import { closeEndedVotes } from './vote/review.ts';
import { voteResource } from './vote/resource.ts';
import { registerVoteRoutes } from './vote/routes.ts';

/**
 * 社区: questionnaires and votes (polls and owners' general-meeting resolutions). Each capability is a
 * sub-folder with its routes, screens and services; the lists below name one entry per capability.
 */
export const communityModule: Module = {
  name: 'community',
  register: (app, deps) => {
    registerQuestionnaireRoutes(app, deps);
    registerVoteRoutes(app, deps);
  },
  screens: [questionnaireResource, voteResource],
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
export * from './schema.ts';
