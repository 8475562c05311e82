import { residentApi } from '@5a/contracts/endpoints/resident';
import { App, Button, Input } from 'antd';
import { useState } from 'react';
import { Block } from './Layout.tsx';
import { MAX_POST_PICS } from './logic.ts';
import { errorText, rcall } from './publicApi.ts';
import { Pictures, type Pic } from './Pictures.tsx';

/** 发布动态: text and up to nine pictures; a post with a held word waits for the property's review */
export const Composer = ({ personId, onPosted }: { personId: number; onPosted: () => void }) => {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [pics, setPics] = useState<Pic[]>([]);
  const [busy, setBusy] = useState(false);

  const post = async () => {
    const content = text.trim();
    if (!content) {
      void message.error('请输入内容');
      return;
    }
    setBusy(true);
    try {
      const r = await rcall(residentApi.createPost, {
        person_id: personId,
        content,
        ...(pics.length ? { imgs: pics.map((p) => p.path) } : {}),
      });
      void message.success(r.type === 1 ? '已提交，待审核（含敏感词）' : '发布成功');
      setText('');
      pics.forEach((p) => URL.revokeObjectURL(p.preview));
      setPics([]);
      onPosted();
    } catch (e) {
      void message.error(errorText(e, '发布失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block testId="post-composer">
      <Input.TextArea
        rows={3}
        maxLength={500}
        showCount
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="分享邻里新鲜事"
        data-testid="post-content"
      />
      <div style={{ margin: '12px 0' }}>
        <Pictures max={MAX_POST_PICS} value={pics} onChange={setPics} testId="post-pics" />
      </div>
      <Button type="primary" block loading={busy} onClick={() => void post()} data-testid="post-submit">
        发布
      </Button>
    </Block>
  );
};
