import { EnvironmentOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import type { CellProps } from '../../engine/registry/cells.ts';
import { geomSummary, hasLocation, NO_LOCATION_MSG } from './geom.ts';
import { MapPickerModal } from './MapPickerModal.tsx';
import { StopClicks } from './StopClicks.tsx';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Shows a record's location on a read-only map. "Moving to" an item without location data gives
 * 'this information has no location data' and opens nothing.
 */
export const useLocate = () => {
  const { message } = App.useApp();
  const [shown, setShown] = useState<{ lonlat: string; geom: string; title: string } | null>(null);
  const locate = (lonlat: unknown, geom: unknown, title: string) => {
    if (!hasLocation(lonlat, geom)) {
      void message.error(NO_LOCATION_MSG);
      return;
    }
    setShown({ lonlat: text(lonlat), geom: text(geom), title });
  };
  const view = (
    <StopClicks>
      <MapPickerModal
        open={shown !== null}
        title={shown?.title ?? ''}
        onClose={() => setShown(null)}
        mode={shown?.geom && geomSummary(shown.geom) ? 'polygon' : 'point'}
        value={shown ?? undefined}
        focus={shown?.lonlat}
        readOnly
      />
    </StopClicks>
  );
  return { locate, view };
};

const LocateLink = ({ lonlat, geom, title }: { lonlat: unknown; geom: unknown; title: string }) => {
  const { locate, view } = useLocate();
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<EnvironmentOutlined />}
        onClick={() => locate(lonlat, geom, title)}
        style={{ paddingInline: 0 }}
        data-testid="map-locate"
      >
        定位
      </Button>
      {view}
    </>
  );
};

const rowTitle = (row: Record<string, unknown>) => String(row.name ?? row.full_name ?? '位置');

/** mapPoint cell: the 'lon,lat' text and 定位. */
export const MapPointCell = ({ value, row }: CellProps) => (
  <Space size={4}>
    {text(value) ? <Typography.Text type="secondary">{text(value)}</Typography.Text> : null}
    <LocateLink lonlat={value} geom={row.geom} title={rowTitle(row)} />
  </Space>
);

/** mapPolygon cell: a summary (not the long coordinate text) and 定位. */
export const MapPolygonCell = ({ value, row }: CellProps) => (
  <Space size={4}>
    {geomSummary(value) ? <Typography.Text type="secondary">{geomSummary(value)}</Typography.Text> : null}
    <LocateLink lonlat={row.lonlat} geom={value} title={rowTitle(row)} />
  </Space>
);
