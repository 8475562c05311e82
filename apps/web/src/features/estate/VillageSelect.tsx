import { Select } from 'antd';
import { useEffect, type CSSProperties } from 'react';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { useAuthStore } from '../../store/auth.ts';
import { pickVillage } from './logic.ts';
import { useVillageStore } from './villageStore.ts';

export const VILLAGE_OPTIONS_URL = '/Web/Basic/Village/options';

type Props = { style?: CSSProperties; onChange?: (id: number | null) => void; size?: 'small' | 'middle' | 'large' };

/**
 * Village selector: the caller's villages (/Web/Basic/Village/options); the choice is kept
 * per user (useVillageStore). With no stored choice the first village is selected.
 */
export const VillageSelect = ({ style, onChange, size }: Props) => {
  const authUser = useAuthStore((s) => s.userId);
  const { userId, villageId, ensureUser, setVillage } = useVillageStore();
  const { data: options = [], isLoading } = useUrlOptions(VILLAGE_OPTIONS_URL);
  useEffect(() => ensureUser(authUser), [authUser, ensureUser]);
  const current = userId === authUser ? villageId : null;
  const effective = isLoading ? current : pickVillage(current, options);
  // a stored village that is gone (or none yet) is replaced by the first one
  useEffect(() => {
    if (isLoading || userId !== authUser || effective === villageId) return;
    setVillage(effective);
    onChange?.(effective);
  }, [isLoading, userId, authUser, effective, villageId, setVillage, onChange]);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="选择小区"
      loading={isLoading}
      value={effective ?? undefined}
      options={options.map((o) => ({ label: o.label, value: Number(o.value) }))}
      onChange={(v) => {
        setVillage(v);
        onChange?.(v);
      }}
      notFoundContent="暂无小区"
      size={size}
      style={{ minWidth: 160, ...style }}
      data-testid="village-select"
    />
  );
};
