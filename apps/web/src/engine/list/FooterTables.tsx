import type { FooterTable } from '@5a/contracts';
import { Card, Tabs } from 'antd';
import type { Row } from './context.ts';
import { ListView } from './ListView.tsx';

/**
 * Footer tables: nested lists of the clicked row, each request adding {[remoteKey]: parentRow[parentKey]}; in their
 * card here, so antd's Card is not on the lists without footers.
 */
export const FooterTables = ({ footers, parent }: { footers: readonly FooterTable[]; parent: Row }) => (
  <Card size="small" style={{ marginTop: 16 }}>
    <Tabs
      data-testid="footer-tables"
      items={footers.map((f) => {
        const value = parent[f.parentKey];
        return {
          key: f.route,
          label: f.title,
          children: <ListView key={`${f.route}:${String(value)}`} route={f.route} extra={{ [f.remoteKey]: value }} />,
        };
      })}
    />
  </Card>
);
