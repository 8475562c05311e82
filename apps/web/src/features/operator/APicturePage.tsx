import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Input,
  List,
  Modal,
  Result,
  Select,
  Spin,
  Statistic,
  Tabs,
  Typography,
} from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import {
  apictureSearchTitles,
  apictureSearchTypes,
  type ApictureData,
  type ApictureSearchHit,
  type ApictureSearchType,
} from '@5a/contracts';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { call } from '../../api/call.ts';
import { APictureMap } from './APictureMap.tsx';
import { countCards, expiryText, hitWhere, villageMarks } from './apictureLogic.ts';

const TITLE = '一张图物业数据';
const EMPTY = '暂无数据';

const panel: React.CSSProperties = { position: 'absolute', zIndex: 2, boxShadow: '0 2px 8px rgba(0,0,0,0.15)' };

const Intro = ({ data }: { data: ApictureData | undefined }) => (
  <Card size="small" title="数据概况" style={{ ...panel, left: 12, top: 64, width: 260 }} data-testid="apicture-intro">
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
      {countCards(data?.counts).map((c) => (
        <Statistic
          key={c.key}
          title={c.title}
          value={c.num}
          suffix={c.unit}
          valueStyle={{ fontSize: 20 }}
          data-testid={`apicture-count-${c.key}`}
        />
      ))}
    </div>
  </Card>
);

const Search = ({ onOpen }: { onOpen: (villageId: number) => void }) => {
  const [type, setType] = useState<ApictureSearchType>('village');
  const [name, setName] = useState('');
  const q = useQuery({
    queryKey: ['apicture-search', type, name],
    queryFn: () => call(dashboardApi.apictureSearch, { name, type }),
  });
  return (
    <Card size="small" style={{ ...panel, right: 12, top: 64, width: 320 }} data-testid="apicture-search">
      <Tabs
        size="small"
        activeKey={type}
        onChange={(k) => setType(k as ApictureSearchType)}
        items={apictureSearchTypes.map((t) => ({ key: t, label: apictureSearchTitles[t] }))}
      />
      <Input.Search
        placeholder={`搜索${apictureSearchTitles[type]}名称`}
        allowClear
        enterButton
        onSearch={(v) => setName(v.trim())}
        data-testid="apicture-search-input"
      />
      <List<ApictureSearchHit>
        size="small"
        style={{ maxHeight: 'calc(100vh - 260px)', overflow: 'auto', marginTop: 8 }}
        loading={q.isFetching}
        dataSource={q.data ?? []}
        locale={{ emptyText: q.isError ? (q.error as Error).message : EMPTY }}
        renderItem={(h) => (
          <List.Item
            key={`${h.type}-${h.id}`}
            style={{ cursor: 'pointer' }}
            onClick={() => onOpen(h.villageId)}
            data-testid="apicture-hit"
          >
            <List.Item.Meta title={h.name} description={hitWhere(h) || ' '} />
          </List.Item>
        )}
      />
    </Card>
  );
};

const Detail = ({ vid, onClose }: { vid: number | null; onClose: () => void }) => {
  const q = useQuery({
    queryKey: ['apicture-village', vid],
    queryFn: () => call(dashboardApi.apictureVillage, { vid: vid! }),
    enabled: vid !== null,
  });
  const v = q.data;
  return (
    <Modal
      open={vid !== null}
      title={v?.name ?? '小区详情'}
      footer={null}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      {q.isPending ? (
        <Spin />
      ) : q.isError ? (
        <Result status="warning" title={(q.error as Error).message} />
      ) : v ? (
        <Descriptions column={2} size="small" bordered data-testid="apicture-detail">
          <Descriptions.Item label="小区名称">{v.name}</Descriptions.Item>
          <Descriptions.Item label="物业公司">{v.tenantName}</Descriptions.Item>
          <Descriptions.Item label="所在地区" span={2}>
            {v.regionName || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="详细地址" span={2}>
            {v.address || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="楼栋">{v.buildings} 栋</Descriptions.Item>
          <Descriptions.Item label="房屋">{v.houses} 套</Descriptions.Item>
          <Descriptions.Item label="业主">{v.owners} 人</Descriptions.Item>
          <Descriptions.Item label="住户">{v.residents} 人</Descriptions.Item>
          <Descriptions.Item label="租户">{v.renters} 人</Descriptions.Item>
          <Descriptions.Item label="入住率">
            {v.occupancyRate}%（{v.livedHouses}/{v.houses}）
          </Descriptions.Item>
          <Descriptions.Item label="服务到期" span={2}>
            {expiryText(v)}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
};

/**
 * 一张图: the caller's villages on a map (marker and hot area each), a dropdown that centres one, the
 * counts, a search over villages, buildings and residents, and a village's figures in a dialog. It
 * renders outside the shell (a full-screen view), so it brings its own way back.
 */
export const APicturePage = (_props: Partial<PageProps>) => {
  useDocumentTitle(TITLE);
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['apicture'], queryFn: () => call(dashboardApi.apicture, {}) });
  const [focusId, setFocusId] = useState<number | undefined>();
  const [detail, setDetail] = useState<number | null>(null);
  const list = q.data?.villageList;
  const marks = useMemo(() => villageMarks(list ?? []), [list]);
  const open = useCallback((id: number) => {
    setFocusId(id);
    setDetail(id);
  }, []);
  if (q.isError) {
    return (
      <div className="full-center" style={{ background: '#fff' }}>
        <Result
          status="warning"
          title={(q.error as Error).message}
          extra={<Button onClick={() => void navigate('/')}>返回首页</Button>}
        />
      </div>
    );
  }
  return (
    <div style={{ position: 'relative', height: '100%', minHeight: 560, overflow: 'hidden' }} data-testid="apicture">
      <APictureMap marks={marks} focusId={focusId} onPick={open} />
      <div
        style={{
          ...panel,
          left: 0,
          right: 0,
          top: 0,
          height: 52,
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '0 12px',
          background: 'rgba(255,255,255,0.92)',
        }}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/')}>
          返回
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {TITLE}
        </Typography.Title>
        <Select<number>
          style={{ width: 260 }}
          placeholder="选择小区"
          showSearch={{ optionFilterProp: 'label' }}
          loading={q.isPending}
          value={focusId}
          onChange={setFocusId}
          options={(list ?? []).map((v) => ({ value: v.id, label: v.name }))}
          notFoundContent={EMPTY}
          data-testid="apicture-village"
        />
        {focusId !== undefined ? (
          <Button type="link" onClick={() => setDetail(focusId)} data-testid="apicture-open-detail">
            小区详情
          </Button>
        ) : null}
      </div>
      <Intro data={q.data} />
      <Search onOpen={open} />
      <Detail vid={detail} onClose={() => setDetail(null)} />
    </div>
  );
};
