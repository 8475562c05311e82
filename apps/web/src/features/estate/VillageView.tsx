import { RightOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Empty, Image, Modal, Row, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { StopClicks } from '../map/index.ts';
import { useVillageView } from './api.ts';
import { BuildingViewModal } from './BuildingView.tsx';
import { directionText, sexText, villageItemRoute } from './logic.ts';
import type { VillageItem, VillageViewData } from './types.ts';

type Traffic = VillageViewData['trafficInfo'][number];
type Person = VillageViewData['otherInfo'][number]['list'][number];

const ItemTile = ({ item, onRoute }: { item: VillageItem; onRoute: (route: string) => void }) => {
  const route = villageItemRoute(item.type);
  const body = (
    <>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {item.title}
      </Typography.Text>
      <div>
        <Typography.Text strong style={{ fontSize: 20 }}>
          {item.val}
        </Typography.Text>
        {item.dw ? <Typography.Text type="secondary"> {item.dw}</Typography.Text> : null}
        {route ? <RightOutlined style={{ fontSize: 10, marginInlineStart: 6, color: '#999' }} /> : null}
      </div>
    </>
  );
  const style = {
    minWidth: 110,
    padding: '8px 12px',
    borderRadius: 6,
    background: '#f6f8fb',
    textAlign: 'left' as const,
    border: 0,
  };
  return route ? (
    <button
      type="button"
      onClick={() => onRoute(route)}
      style={{ ...style, cursor: 'pointer' }}
      data-testid={`village-item-${item.type}`}
      title={`查看${item.title}`}
    >
      {body}
    </button>
  ) : (
    <div style={style}>{body}</div>
  );
};

const PersonCard = ({ p }: { p: Person }) => (
  <Card size="small" style={{ width: 220 }} data-testid="village-person-card">
    <Card.Meta
      avatar={
        p.img ? (
          <Avatar src={toFileUrl(p.img)} />
        ) : (
          <Avatar style={{ background: '#1677ff' }}>{p.name.slice(0, 1)}</Avatar>
        )
      }
      title={p.name}
      description={
        <>
          {p.desc ? <div>{p.desc}</div> : null}
          {p.create_time ? <div style={{ fontSize: 12 }}>{p.create_time}</div> : null}
        </>
      }
    />
  </Card>
);

/**
 * 小区视图 (Village view): basic-info groups (an item with a type routes to its list),
 * building buttons (open the building view), access records, other-info tabs with person cards.
 * `onNavigate` closes the dialog and routes.
 */
export const VillageView = ({
  vid,
  api,
  onNavigate,
}: {
  vid: number;
  api?: string;
  onNavigate: (route: string) => void;
}) => {
  const { data, isLoading } = useVillageView(vid, api);
  const [building, setBuilding] = useState<{ id: number; name: string } | null>(null);
  if (isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!data) return <Empty description="未能读取小区信息" data-testid="village-view" />;
  return (
    <div data-testid="village-view">
      {data.village ? (
        <Space orientation="vertical" size={0} style={{ marginBottom: 12 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="village-name">
            {data.village.name}
          </Typography.Title>
          <Typography.Text type="secondary">{data.village.address}</Typography.Text>
        </Space>
      ) : null}
      <Row gutter={[12, 12]}>
        {data.baseInfo.map((g) => (
          <Col xs={24} lg={12} key={g.title}>
            <Card size="small" title={g.title} style={{ height: '100%' }}>
              <Space wrap size={[8, 8]}>
                {g.items.map((item, i) => (
                  <ItemTile key={`${item.type}-${i}`} item={item} onRoute={onNavigate} />
                ))}
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="楼栋" style={{ marginTop: 12 }}>
        {data.buildInfo.length ? (
          <Space wrap>
            {data.buildInfo.map((b) => (
              <Button key={b.id} onClick={() => setBuilding(b)} data-testid={`village-building-${b.id}`}>
                {b.name}
              </Button>
            ))}
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无楼栋" />
        )}
      </Card>
      <Row gutter={12} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title="通行记录">
            <Table<Traffic>
              size="small"
              rowKey={(r) => `${r.create_time}-${r.name}-${r.jctype}`}
              dataSource={data.trafficInfo}
              pagination={false}
              scroll={{ y: 260 }}
              data-testid="village-traffic"
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通行记录" /> }}
              columns={[
                { title: '姓名', dataIndex: 'name', render: (v: string) => v || '陌生人' },
                { title: '性别', dataIndex: 'sex', width: 60, render: sexText },
                {
                  title: '照片',
                  dataIndex: 'img',
                  width: 64,
                  render: (v: string) =>
                    v ? <Image src={toFileUrl(v)} width={36} height={36} style={{ objectFit: 'cover' }} alt="" /> : '-',
                },
                {
                  title: '进出',
                  dataIndex: 'jctype',
                  width: 60,
                  render: (v: number) => <Tag color={Number(v) === 1 ? 'green' : 'orange'}>{directionText(v)}</Tag>,
                },
                { title: '时间', dataIndex: 'create_time', width: 160 },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="其他信息">
            {data.otherInfo.length ? (
              <Tabs
                size="small"
                items={data.otherInfo.map((o) => ({
                  key: o.title,
                  label: <span data-testid={`village-other-tab-${o.type ?? o.title}`}>{o.title}</span>,
                  children: o.list.length ? (
                    <div style={{ maxHeight: 300, overflowY: 'auto' }}>
                      <Space wrap size={[8, 8]}>
                        {o.list.map((p, i) => (
                          <PersonCard key={p.id ?? i} p={p} />
                        ))}
                      </Space>
                    </div>
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
                  ),
                }))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
            )}
          </Card>
        </Col>
      </Row>
      <BuildingViewModal
        bid={building?.id ?? null}
        title={building ? `查看楼栋 - ${building.name}` : undefined}
        onClose={() => setBuilding(null)}
      />
    </div>
  );
};

export const VillageViewModal = ({
  vid,
  title,
  api,
  onClose,
  onNavigate,
}: {
  vid: number | null;
  title?: string;
  api?: string;
  onClose: () => void;
  onNavigate: (route: string) => void;
}) => (
  <StopClicks>
    <Modal
      open={vid !== null}
      title={title ?? '查看小区'}
      onCancel={onClose}
      footer={null}
      width={1200}
      destroyOnHidden
    >
      {vid !== null ? <VillageView vid={vid} api={api} onNavigate={onNavigate} /> : null}
    </Modal>
  </StopClicks>
);
