import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Spin, Table } from 'antd';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { call } from '../../api/call.ts';
import { Figures } from './cockpitParts.tsx';

/** the reply's key of a card whose own key differs */
const SOURCE_KEYS: Record<string, string> = { intrusion: 'intrusionWarning', parabola: 'highAltitudeParabola' };

/** 物联监控: entries and exits, devices, strangers and the latest alerts; detectors not connected say 未接入. */
export const CockpitIotTab = ({ regionCode }: { regionCode: string }) => {
  const body = regionCode ? { regionCode } : {};
  const q = useQuery({
    queryKey: ['operator', 'cockpit', 'thr', body],
    queryFn: () => call(dashboardApi.cockpitIot, body),
    staleTime: 30_000,
    retry: false,
  });
  const d = q.data;
  return (
    <Spin spinning={q.isFetching}>
      <div data-testid="cockpit-iot">
        <Figures
          prefix="iot"
          items={[
            { key: 'village', title: '小区', value: d?.village ?? 0, suffix: '个' },
            { key: 'carIn', title: '今日车辆进场', value: d?.carIn ?? 0, suffix: '辆' },
            { key: 'todayIn', title: '今日进入', value: d?.todayIn ?? 0, suffix: '人次' },
            { key: 'todayOut', title: '今日外出', value: d?.todayOut ?? 0, suffix: '人次' },
            { key: 'in15', title: '近15天进入', value: d?.in15 ?? 0, suffix: '人次' },
            { key: 'in30', title: '近30天进入', value: d?.in30 ?? 0, suffix: '人次' },
            { key: 'control', title: '门禁设备', value: d?.control ?? 0, suffix: '台' },
            { key: 'parking', title: '停车设备', value: d?.parking ?? 0, suffix: '台' },
            { key: 'video', title: '视频设备', value: d?.video ?? 0, suffix: '台' },
            { key: 'aiVideo', title: 'AI 摄像机', value: d?.aiVideo ?? 0, suffix: '台' },
            { key: 'stranger', title: '陌生人告警', value: d?.stranger ?? 0, suffix: '次' },
            { key: 'intrusion', title: '入侵告警', value: d?.intrusionWarning ?? 0, suffix: '次' },
            { key: 'fell', title: '老人跌倒', value: d?.fell ?? 0, suffix: '次' },
            { key: 'parkingRoad', title: '占道停车', value: d?.parkingRoad ?? 0, suffix: '次' },
            { key: 'garbageExposure', title: '垃圾暴露', value: d?.garbageExposure ?? 0, suffix: '次' },
            { key: 'parabola', title: '高空抛物', value: d?.highAltitudeParabola ?? 0, suffix: '次' },
          ].map((f) => ({ ...f, unconnected: d?.unconnected.includes(SOURCE_KEYS[f.key] ?? f.key) ?? false }))}
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card title="今日出入">
              <Table
                rowKey="id"
                size="small"
                data-testid="iot-records"
                dataSource={d?.todayInList ?? []}
                pagination={false}
                columns={[
                  { title: '姓名', dataIndex: 'name' },
                  { title: '小区', dataIndex: 'village' },
                  { title: '进/出', dataIndex: 'type', width: 70 },
                  { title: '时间', dataIndex: 'time', width: 170 },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title="最新告警">
              <Table
                rowKey="id"
                size="small"
                data-testid="iot-warnings"
                dataSource={d?.warningList ?? []}
                pagination={false}
                columns={[
                  { title: '告警', dataIndex: 'title' },
                  { title: '小区', dataIndex: 'village' },
                  { title: '时间', dataIndex: 'time', width: 170 },
                ]}
              />
            </Card>
          </Col>
        </Row>
      </div>
    </Spin>
  );
};
