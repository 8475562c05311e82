import { Card, Col, Empty, Row, Statistic } from 'antd';
import { useNavigate } from '../../lib/router.tsx';
import type { PanelProps } from './types.ts';

/** 统计面板: the caller's counts; a card opens its list. */
export const CountPanel = ({ title, panels }: PanelProps) => {
  const navigate = useNavigate();
  const items = panels.count_panel ?? [];
  return (
    <Card title={title} data-testid="workbench-module-count_panel">
      {items.length === 0 ? (
        <Empty description="暂无数据" />
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((c) => (
            <Col key={c.key} xs={12} md={8} xl={4}>
              <Card hoverable size="small" onClick={() => c.url && void navigate(c.url)} data-testid={`count-${c.key}`}>
                <Statistic title={c.title} value={c.num} suffix={c.dw} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
};
