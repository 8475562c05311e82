import { Select } from 'antd';

type Props = {
  /** 0: every village of the caller */
  value: number;
  onChange: (v: number) => void;
  villages: readonly { id: number; name: string }[] | undefined;
  testId: string;
};

/** The village filter of a statistics page: 全部小区 first, then the caller's villages as the server listed them. */
export const VillageFilter = ({ value, onChange, villages, testId }: Props) => (
  <Select
    style={{ width: 200 }}
    value={value}
    onChange={onChange}
    options={[{ value: 0, label: '全部小区' }, ...(villages ?? []).map((v) => ({ value: v.id, label: v.name }))]}
    data-testid={testId}
  />
);
