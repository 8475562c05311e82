import { Carousel, Descriptions, Image, Modal, Spin, Tag, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { RepairDetail } from '@5a/contracts/endpoints/repair';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { fetchRepairDetail } from './api.ts';
import { imageList, statusText } from './logic.ts';

const Pictures = ({ list }: { list: string[] }) =>
  list.length ? (
    <Carousel dots style={{ width: 320 }}>
      {list.map((src) => (
        <div key={src}>
          <Image src={toFileUrl(src)} height={180} />
        </div>
      ))}
    </Carousel>
  ) : (
    <span>-</span>
  );

/** 工单详情 (the action's api, else the order's flow): the report, the dispatch, the result and the timeline. */
export const RepairDetailModal = ({ id, api, onClose }: { id: number; api?: string; onClose: () => void }) => {
  const q = useQuery({
    queryKey: ['repair', 'detail', id],
    queryFn: () => fetchRepairDetail(id, api),
    staleTime: 0,
  });
  const d = q.data;
  const s = (k: keyof RepairDetail) => String(d?.[k] ?? '') || '-';
  return (
    <Modal open title={`工单详情 #${id}`} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <div data-testid="repair-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="状态">
              <Tag color="blue">{statusText[Number(d.status)] ?? ''}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="小区">{s('village_name')}</Descriptions.Item>
            <Descriptions.Item label="报修人">{s('person_name')}</Descriptions.Item>
            <Descriptions.Item label="联系电话">{s('tel')}</Descriptions.Item>
            <Descriptions.Item label="报修地址">{s('address')}</Descriptions.Item>
            <Descriptions.Item label="报修类别">{s('category_name')}</Descriptions.Item>
            <Descriptions.Item label="问题描述" span={2}>
              {s('problem')}
            </Descriptions.Item>
            <Descriptions.Item label="报修图片" span={2}>
              <Pictures list={imageList(d.imgs)} />
            </Descriptions.Item>
            <Descriptions.Item label="维修人员">{s('worker_name')}</Descriptions.Item>
            <Descriptions.Item label="要求完成时间">{s('wctime')}</Descriptions.Item>
            <Descriptions.Item label="派单内容" span={2}>
              {s('content')}
            </Descriptions.Item>
            <Descriptions.Item label="处理结果" span={2}>
              {s('result')}
            </Descriptions.Item>
            <Descriptions.Item label="完工照片" span={2}>
              <Pictures list={imageList(d.result_imgs)} />
            </Descriptions.Item>
            <Descriptions.Item label="有偿服务">{s('service_name')}</Descriptions.Item>
            <Descriptions.Item label="材料费 / 人工费">{`${s('material_cost')} / ${s('labour_cost')}`}</Descriptions.Item>
            <Descriptions.Item label="评分">{d.rating ? `${String(d.rating)} 星` : '-'}</Descriptions.Item>
            <Descriptions.Item label="回访评价">{s('comment')}</Descriptions.Item>
          </Descriptions>
          <h4 style={{ margin: '16px 0 8px' }}>处理记录</h4>
          <Timeline
            data-testid="repair-timeline"
            items={d.timeline.map((t) => ({
              key: t.id,
              children: (
                <div>
                  <b>{t.action}</b> {t.from_status === null ? '' : `${statusText[t.from_status] ?? ''} → `}
                  {statusText[t.to_status] ?? ''}
                  <div style={{ color: '#888' }}>
                    {t.created_at} · {t.user_name}
                  </div>
                  {t.note ? <div>{t.note}</div> : null}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Modal>
  );
};
