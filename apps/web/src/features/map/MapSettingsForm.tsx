import { Button, Form, Input, Space, Typography } from 'antd';
import { useMapSettings } from './settings.ts';

/** Tile and search service settings of the map tool (stored in this browser). */
export const MapSettingsForm = () => {
  const s = useMapSettings();
  return (
    <Form layout="vertical" size="small" style={{ width: 380 }} data-testid="map-settings-form">
      <Form.Item label="平面底图（XYZ 地址，含 {x} {y} {z}）">
        <Input value={s.tileUrl} onChange={(e) => s.update({ tileUrl: e.target.value })} allowClear />
      </Form.Item>
      <Form.Item label="卫星底图（XYZ 地址）">
        <Input value={s.satelliteUrl} onChange={(e) => s.update({ satelliteUrl: e.target.value })} allowClear />
      </Form.Item>
      <Form.Item label="地址搜索服务（含 {keyword} {key}）">
        <Input value={s.searchUrl} onChange={(e) => s.update({ searchUrl: e.target.value })} allowClear />
      </Form.Item>
      <Form.Item label="地址搜索 Key">
        <Input.Password
          value={s.searchKey}
          onChange={(e) => s.update({ searchKey: e.target.value })}
          allowClear
          data-testid="map-search-key"
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">底图无法加载时地图仍可绘制</Typography.Text>
        <Button onClick={s.reset}>恢复默认</Button>
      </Space>
    </Form>
  );
};
