import { Form, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { accessFacesApi, FACE_REFRESH_SIZES } from '@5a/contracts/endpoints/access-faces';
import { call } from '../../api/call.ts';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { withFeedback } from '../../lib/feedback.ts';
import { pageErrorText, refreshAllPages } from './refreshPages.ts';
import './faceRefresh.css';

const SIZES = FACE_REFRESH_SIZES.map((n) => ({ label: n ? String(n) : '默认', value: n }));

/**
 * 刷新人脸 (同步更新) on a door's row: resends its whole list page by page, each page queued to the device on the server.
 * A mask over the page shows the progress and asks not to interrupt; a failed page is named and the rest go on.
 */
export const FaceRefreshRowAction = ({ action, row }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState<number>(0);
  const [percent, setPercent] = useState<number | null>(null);
  const run = async () => {
    setPercent(0);
    const gate_id = Number(row.id);
    try {
      await refreshAllPages(
        (page) =>
          call(accessFacesApi.refresh, { gate_id, ...(size ? { pageSize: size } : {}), ...(page ? { page } : {}) }),
        setPercent,
        (page, error) => withFeedback(({ message }) => void message.error(pageErrorText(page, error))),
      );
      withFeedback(({ message }) => void message.success('更新成功'));
      setOpen(false);
    } catch (e) {
      withFeedback(({ message }) => void message.error(e instanceof Error ? e.message : JSON.stringify(e)));
    } finally {
      setPercent(null);
    }
  };
  const busy = percent !== null;
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? (
        <Modal
          open
          title="同步更新"
          okText="确定"
          onOk={() => void run()}
          onCancel={() => !busy && setOpen(false)}
          confirmLoading={busy}
          closable={!busy}
          maskClosable={false}
          okButtonProps={{ 'data-testid': 'face-refresh-submit' }}
        >
          <Form labelCol={{ flex: '90px' }} data-testid="face-refresh-form">
            <Form.Item label="设备">{`${String(row.name ?? '')}（${String(row.gateno ?? '')}）`}</Form.Item>
            <Form.Item label="每页条数" extra="设备名单按页下发，每页一批">
              <Select value={size} onChange={setSize} options={SIZES} style={{ width: 160 }} disabled={busy} />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
      {busy ? (
        <div className="face-refresh-mask" data-testid="face-refresh-mask">
          <Spin size="large" />
          <div>{`数据更新中，请勿中断...(${percent}/100)%`}</div>
        </div>
      ) : null}
    </>
  );
};
