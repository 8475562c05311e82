import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/**
 * 社区: 问卷调查's 编辑问卷 and 查看问卷, 社区投票's 审核 and 查看结果, 邻里圈's 审核 and 个人动态, 广告位's 预订 — each
 * loaded with its first opening (the H5 page is a page of its own).
 */
export const registerCommunityExtensions = (): void => {
  registerRowAction(
    'questionnaireEdit',
    lazyComponent(() => import('./QuestionnaireEditor.tsx').then((m) => m.QuestionnaireEditAction)),
  );
  registerRowAction(
    'questionnaireView',
    lazyComponent(() => import('./QuestionnaireResults.tsx').then((m) => m.QuestionnaireViewAction)),
  );
  registerRowAction(
    'voteReview',
    lazyComponent(() => import('./VoteReviewDialog.tsx').then((m) => m.VoteReviewAction)),
  );
  registerRowAction(
    'voteView',
    lazyComponent(() => import('./VoteResults.tsx').then((m) => m.VoteViewAction)),
  );
  registerRowAction(
    'neighbourAudit',
    lazyComponent(() => import('./neighbourAudit.tsx').then((m) => m.NeighbourAuditRowAction)),
  );
  registerRowAction(
    'personalDynamics',
    lazyComponent(() => import('./neighbourDynamics.tsx').then((m) => m.PersonalDynamicsRowAction)),
  );
  registerRowAction(
    'advertBook',
    lazyComponent(() => import('./advertBook.tsx').then((m) => m.AdvertBookRowAction)),
  );
};
