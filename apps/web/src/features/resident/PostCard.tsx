import { HeartFilled, HeartOutlined, MessageOutlined } from '@ant-design/icons';
import { residentApi, type ResidentPost } from '@5a/contracts/endpoints/resident';
import { App, Avatar, Button, Image, Input, Tag } from 'antd';
import { useState } from 'react';
import { Block } from './Layout.tsx';
import { minuteOf } from './logic.ts';
import { errorText, picSrc, rcall } from './publicApi.ts';

/** what this page changed on a post since the feed was read */
export type PostPatch = { liked?: boolean; loves?: number; comments?: number };

/** one post of 邻里圈: tap ❤ to like or unlike, 评论 to write a comment */
export const PostCard = ({
  post,
  personId,
  onPatch,
}: {
  post: ResidentPost;
  personId: number;
  onPatch: (patch: PostPatch) => void;
}) => {
  const { message } = App.useApp();
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  const like = async () => {
    try {
      const r = await rcall(residentApi.likePost, { person_id: personId, post_id: post.id, like: !post.liked });
      onPatch({ liked: r.liked, loves: Math.max(0, post.loves + (r.liked === post.liked ? 0 : r.liked ? 1 : -1)) });
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  const send = async () => {
    const content = comment.trim();
    if (!content) {
      void message.error('请输入评论内容');
      return;
    }
    setBusy(true);
    try {
      await rcall(residentApi.commentPost, { person_id: personId, post_id: post.id, content });
      void message.success('评论成功');
      setComment('');
      setCommenting(false);
      onPatch({ comments: post.comments + 1 });
    } catch (e) {
      void message.error(errorText(e, '评论失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block testId="post-item">
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Avatar src={post.avatar ? picSrc(post.avatar) : undefined}>{post.name.slice(0, 1)}</Avatar>
        <div style={{ flex: 1, minWidth: 0 }}>
          <div style={{ fontWeight: 600 }}>{post.name}</div>
          <div style={{ color: '#888', fontSize: 12 }}>{minuteOf(post.create_time)}</div>
        </div>
        {post.mine && post.type === 1 ? <Tag color="orange">待审核</Tag> : null}
      </div>
      <p style={{ margin: '8px 0', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="post-text">
        {post.content}
      </p>
      {post.auditmsg && post.mine ? <div style={{ color: '#cf1322', fontSize: 12 }}>{post.auditmsg}</div> : null}
      {post.img.length ? (
        <Image.PreviewGroup>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4 }}>
            {post.img.map((src) => (
              <Image key={src} src={picSrc(src)} style={{ width: '100%', aspectRatio: '1', objectFit: 'cover' }} />
            ))}
          </div>
        </Image.PreviewGroup>
      ) : null}
      <div style={{ display: 'flex', gap: 16, marginTop: 8 }}>
        <Button
          type="text"
          icon={post.liked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
          onClick={() => void like()}
          aria-pressed={post.liked}
          data-testid="post-like"
        >
          {post.loves}
        </Button>
        <Button
          type="text"
          icon={<MessageOutlined />}
          onClick={() => setCommenting((c) => !c)}
          data-testid="post-comment"
        >
          {post.comments}
        </Button>
      </div>
      {commenting ? (
        <div style={{ display: 'flex', gap: 8 }}>
          <Input
            value={comment}
            maxLength={200}
            onChange={(e) => setComment(e.target.value)}
            onPressEnter={() => void send()}
            placeholder="写评论"
            data-testid="post-comment-input"
          />
          <Button type="primary" loading={busy} onClick={() => void send()} data-testid="post-comment-send">
            发送
          </Button>
        </div>
      ) : null}
    </Block>
  );
};
