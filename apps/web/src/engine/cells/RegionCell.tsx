import { useQuery } from '@tanstack/react-query';
import { regionApi } from '@5a/contracts/endpoints/region';
import { call } from '../../api/call.ts';
import type { CellProps } from '../registry/cells.ts';

/** Region code → full name (浙江省 / 杭州市 / 西湖区); one cached request per distinct code. */
export const RegionCell = ({ value }: CellProps) => {
  const code = value === null || value === undefined ? '' : String(value);
  const q = useQuery({
    queryKey: ['engine', 'regionName', code],
    queryFn: () => call(regionApi.names, { codes: [code] }, { silent: true }),
    enabled: code !== '',
    staleTime: Infinity,
  });
  return <>{q.data?.[code] || code}</>;
};
