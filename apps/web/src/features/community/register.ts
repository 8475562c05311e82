import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** 问卷调查: 编辑问卷 and 查看问卷; 社区投票: 审核 and 查看结果 — each loaded with its first opening. */
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
};
