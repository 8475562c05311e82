import { EnvironmentOutlined } from '@ant-design/icons';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Divider,
  Empty,
  Image,
  Modal,
  Row,
  Space,
  Spin,
  Statistic,
  Tabs,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { StopClicks, useLocate } from '../map/index.ts';
import { fetchVillageOfBuilding, useBuildingView } from './api.ts';
import { HouseDetailModal } from './HouseDetail.tsx';
import { houseTileColor, groupHouses, unitTotals } from './logic.ts';
import type { Cate, FloorGroup, HouseTile } from './types.ts';

const ALL = 'all';

const Tile = ({ h, onOpen }: { h: HouseTile; onOpen: (h: HouseTile) => void }) => (
  <Badge count={h.pnum} showZero color={h.pnum ? '#f5222d' : '#bfbfbf'} offset={[-6, 6]} title={`住户 ${h.pnum} 人`}>
    <button
      type="button"
      onClick={() => onOpen(h)}
      data-testid={`house-tile-${h.id}`}
      data-type={h.type}
      title={`${h.name}（住户 ${h.pnum} 人）`}
      style={{
        width: 92,
        height: 56,
        background: houseTileColor(h.type),
        color: '#fff',
        border: 0,
        borderRadius: 6,
        cursor: 'pointer',
        fontWeight: 600,
        fontSize: 15,
      }}
    >
      {h.name}
    </button>
  </Badge>
);

const FloorRow = ({ f, showTitle, onOpen }: { f: FloorGroup; showTitle: boolean; onOpen: (h: HouseTile) => void }) => (
  <div
    style={{
      display: 'flex',
      alignItems: 'center',
      gap: 12,
      padding: '8px 0',
      borderBottom: showTitle ? '1px dashed #f0f0f0' : undefined,
    }}
  >
    {showTitle ? (
      <Typography.Text strong style={{ width: 48, flex: 'none', textAlign: 'right' }}>
        {f.title}
      </Typography.Text>
    ) : null}
    <Space wrap size={[16, 16]}>
      {f.houses.length ? (
        f.houses.map((h) => <Tile key={h.id} h={h} onOpen={onOpen} />)
      ) : (
        <Typography.Text type="secondary">本层暂无房屋</Typography.Text>
      )}
    </Space>
  </div>
);

const CateList = ({ items, colored }: { items: Cate[]; colored?: boolean }) => (
  <Space orientation="vertical" size={4} style={{ width: '100%' }}>
    {items.map((c) => (
      <div key={c.type} style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Space size={6}>
          {colored ? (
            <span
              style={{
                display: 'inline-block',
                width: 10,
                height: 10,
                borderRadius: 2,
                background: houseTileColor(c.type),
              }}
            />
          ) : null}
          <Typography.Text type="secondary">{c.title}</Typography.Text>
        </Space>
        <Typography.Text data-testid={`${colored ? 'house' : 'person'}-cate-${c.type}`}>{c.num}</Typography.Text>
      </div>
    ))}
  </Space>
);

/**
 * 楼栋视图 (Building view): name and photo head, unit tabs, floor tabs (n F), house tiles
 * coloured by type with the resident count; side panel with the standard address, room and
 * population counts by category, photos. A tile opens the house detail.
 */
export const BuildingView = ({ bid, api }: { bid: number; api?: string }) => {
  const { data, isLoading } = useBuildingView(bid, api);
  const units = useMemo(() => groupHouses(data?.houseArr), [data]);
  const [unitKey, setUnitKey] = useState<string>();
  const [floorKey, setFloorKey] = useState<string>(ALL);
  const [house, setHouse] = useState<HouseTile | null>(null);
  const [locating, setLocating] = useState(false);
  const { locate, view } = useLocate();

  if (isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!data) return <Empty description="未能读取楼栋信息" data-testid="building-view" />;

  const unit = units.find((u) => u.unit === unitKey) ?? units[0];
  const floors = unit?.floors ?? [];
  const floor = floors.find((f) => String(f.floor) === floorKey);
  const b = data.buildInfo;
  const locateBuilding = async () => {
    setLocating(true);
    try {
      const v = await fetchVillageOfBuilding(bid);
      locate(v.lonlat, v.geom, `${v.name ?? ''} ${b.build_name}`.trim());
    } catch {
      /* toasted */
    } finally {
      setLocating(false);
    }
  };

  return (
    <div data-testid="building-view">
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <Space size={16} align="center" style={{ marginBottom: 12 }}>
            {b.img ? (
              <Avatar shape="square" size={64} src={toFileUrl(b.img)} alt={b.build_name} />
            ) : (
              <Avatar shape="square" size={64} style={{ background: '#1677ff', fontSize: 28 }}>
                {data.buildFirstName || b.build_name.slice(0, 1)}
              </Avatar>
            )}
            <div>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="building-name">
                {b.build_name}
              </Typography.Title>
              <Typography.Text type="secondary">负责人：{b.bdper || '-'}</Typography.Text>
            </div>
            <Space size={12} wrap>
              {data.houseCateInfo.map((c) => (
                <Space key={c.type} size={4}>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 14,
                      height: 14,
                      borderRadius: 3,
                      background: houseTileColor(c.type),
                    }}
                  />
                  <Typography.Text>{c.title}</Typography.Text>
                </Space>
              ))}
              <Button
                size="small"
                icon={<EnvironmentOutlined />}
                loading={locating}
                onClick={() => void locateBuilding()}
                data-testid="building-locate"
              >
                定位
              </Button>
            </Space>
          </Space>
          {units.length === 0 ? (
            <Empty description="该楼栋暂无房屋" />
          ) : (
            <Tabs
              activeKey={unit?.unit}
              onChange={(k) => {
                setUnitKey(k);
                setFloorKey(ALL);
              }}
              items={units.map((u) => {
                const t = unitTotals(u);
                return {
                  key: u.unit,
                  label: (
                    <span data-testid={`building-unit-tab-${u.unit}`}>
                      {u.unit}
                      <Typography.Text type="secondary" style={{ marginInlineStart: 4, fontSize: 12 }}>
                        {t.houses}户
                      </Typography.Text>
                    </span>
                  ),
                };
              })}
            />
          )}
          {unit ? (
            <>
              <Tabs
                size="small"
                activeKey={floor ? String(floor.floor) : ALL}
                onChange={setFloorKey}
                items={[
                  { key: ALL, label: <span data-testid="building-floor-tab-all">全部楼层</span> },
                  ...floors.map((f) => ({
                    key: String(f.floor),
                    label: <span data-testid={`building-floor-tab-${f.floor}`}>{f.title}</span>,
                  })),
                ]}
              />
              <div style={{ maxHeight: 460, overflowY: 'auto', paddingRight: 8 }} data-testid="building-tiles">
                {floor ? (
                  <FloorRow f={floor} showTitle={false} onOpen={setHouse} />
                ) : floors.length ? (
                  // top floor first, like the building itself
                  [...floors].reverse().map((f) => <FloorRow key={String(f.floor)} f={f} showTitle onOpen={setHouse} />)
                ) : (
                  <Empty description="该单元暂无房屋" />
                )}
              </div>
            </>
          ) : null}
        </Col>
        <Col xs={24} lg={7}>
          <Card size="small" title="楼栋信息" data-testid="building-side">
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'addr',
                  label: '标准地址',
                  children: <span data-testid="building-address">{data.address || '-'}</span>,
                },
              ]}
            />
            <Divider style={{ margin: '8px 0' }} />
            <Statistic title="房屋总数" value={data.houseNum} suffix="套" data-testid="building-house-num" />
            <CateList items={data.houseCateInfo} colored />
            <Divider style={{ margin: '8px 0' }} />
            <Statistic title="人口总数" value={data.personNum} suffix="人" data-testid="building-person-num" />
            <CateList items={data.personCateInfo} />
            <Divider style={{ margin: '8px 0' }} />
            <Typography.Text type="secondary">楼栋照片</Typography.Text>
            <div style={{ margin: '4px 0 8px' }}>
              {b.img ? (
                <Image src={toFileUrl(b.img)} width="100%" alt="楼栋照片" />
              ) : (
                <Typography.Text type="secondary">暂无</Typography.Text>
              )}
            </div>
            <Typography.Text type="secondary">楼栋平面图</Typography.Text>
            <div style={{ marginTop: 4 }}>
              {b.bdp_img ? (
                <Image src={toFileUrl(b.bdp_img)} width="100%" alt="楼栋平面图" />
              ) : (
                <Typography.Text type="secondary">暂无</Typography.Text>
              )}
            </div>
          </Card>
        </Col>
      </Row>
      <HouseDetailModal
        id={house?.id ?? null}
        title={house ? `房屋详情 - ${b.build_name}${unit?.unit ?? ''}${house.name}` : undefined}
        onClose={() => setHouse(null)}
      />
      {view}
    </div>
  );
};

/** The building view in a large dialog (row action viewBuilding, village view buttons). */
export const BuildingViewModal = ({
  bid,
  title,
  api,
  onClose,
}: {
  bid: number | null;
  title?: string;
  api?: string;
  onClose: () => void;
}) => (
  <StopClicks>
    <Modal
      open={bid !== null}
      title={title ?? '查看楼栋'}
      onCancel={onClose}
      footer={null}
      width={1200}
      destroyOnHidden
    >
      {bid !== null ? <BuildingView bid={bid} api={api} /> : null}
    </Modal>
  </StopClicks>
);
