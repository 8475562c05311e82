import { Tabs, type TabsProps } from 'antd';

/** The tab strip of a list with tabs, in its own chunk (ListView): most lists have none. */
export const ListTabs = (props: TabsProps & { 'data-testid'?: string }) => <Tabs {...props} />;
