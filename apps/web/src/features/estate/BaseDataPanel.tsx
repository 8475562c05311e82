import {
  AppstoreOutlined,
  BankOutlined,
  HomeOutlined,
  IdcardOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import type { ComponentType } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import type { BaseDataItem } from './types.ts';

const icons: Record<string, ComponentType> = {
  AppstoreOutlined,
  BankOutlined,
  HomeOutlined,
  IdcardOutlined,
  TeamOutlined,
  UserOutlined,
};
const colors = ['#1677ff', '#13a8a8', '#fa8c16', '#722ed1', '#eb2f96', '#52c41a'];

/** Workbench basic-data shortcuts (home dashboard, super mode): icon, count, title; click opens url. */
export const BaseDataPanel = ({ items, title = '基础数据' }: { items: BaseDataItem[]; title?: string }) => {
  const navigate = useNavigate();
  return (
    <Card title={title} data-testid="workbench-base-data">
      {items.length === 0 ? (
        <Empty description="暂无数据" />
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((d, i) => {
            const Icon = icons[d.icon] ?? AppstoreOutlined;
            const color = colors[i % colors.length];
            return (
              <Col key={d.title} xs={12} sm={8} md={6} xl={4}>
                <Card
                  hoverable
                  size="small"
                  onClick={() => d.url && void navigate(d.url)}
                  data-testid={`workbench-card-${d.title}`}
                >
                  <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                    <span
                      style={{
                        fontSize: 28,
                        color,
                        background: `${color}1a`,
                        borderRadius: 8,
                        padding: '6px 10px',
                        lineHeight: 1,
                      }}
                    >
                      <Icon />
                    </span>
                    <Statistic title={d.title} value={d.num} />
                  </div>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
};
