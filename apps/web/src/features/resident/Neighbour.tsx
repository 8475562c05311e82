import { useInfiniteQuery } from '@tanstack/react-query';
import { residentApi, type ResidentPost } from '@5a/contracts/endpoints/resident';
import { Alert, Button, Empty } from 'antd';
import { useState } from 'react';
import { Composer } from './Composer.tsx';
import { Busy } from './Layout.tsx';
import { PostCard, type PostPatch } from './PostCard.tsx';
import { errorText, rcall } from './publicApi.ts';

/** the feed's pages as one list, each post once, with this page's likes and comments applied */
const flatten = (pages: ResidentPost[][], patches: Record<number, PostPatch>) => {
  const seen = new Set<number>();
  return pages
    .flat()
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .map((p) => ({ ...p, ...patches[p.id] }));
};

/** 邻里圈: the village's posts, newest first, 加载更多 for older ones; 发布动态 on top */
export const Neighbour = ({ personId }: { personId: number }) => {
  const [writing, setWriting] = useState(false);
  const [patches, setPatches] = useState<Record<number, PostPatch>>({});
  const feed = useInfiniteQuery({
    queryKey: ['resident', 'posts', personId],
    queryFn: ({ pageParam }) =>
      rcall(residentApi.posts, { person_id: personId, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: 0,
    // the next page starts after the last post shown; an empty page is the end
    getNextPageParam: (last) => (last.length ? last[last.length - 1]!.id : undefined),
    retry: false,
  });

  const posted = () => {
    setWriting(false);
    setPatches({});
    void feed.refetch();
  };

  let body;
  if (feed.error && !feed.data) body = <Alert type="error" showIcon title={errorText(feed.error, '加载失败')} />;
  else if (!feed.data) body = <Busy />;
  else {
    const posts = flatten(feed.data.pages, patches);
    body = posts.length ? (
      <>
        {posts.map((p) => (
          <PostCard
            key={p.id}
            post={p}
            personId={personId}
            onPatch={(patch) => setPatches((all) => ({ ...all, [p.id]: { ...all[p.id], ...patch } }))}
          />
        ))}
        {feed.hasNextPage ? (
          <Button
            block
            loading={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
            data-testid="post-more"
          >
            加载更多
          </Button>
        ) : (
          <div style={{ textAlign: 'center', color: '#888' }}>没有更多了</div>
        )}
      </>
    ) : (
      <Empty description="还没有动态" />
    );
  }

  return (
    <>
      <Button
        type={writing ? 'default' : 'primary'}
        block
        style={{ marginBottom: 12 }}
        onClick={() => setWriting((w) => !w)}
        data-testid="post-new"
      >
        {writing ? '取消发布' : '发布动态'}
      </Button>
      {writing ? <Composer personId={personId} onPosted={posted} /> : null}
      {body}
    </>
  );
};
