import { Image, Space } from 'antd';
import { splitPaths } from '../logic/image.ts';
import type { CellProps } from '../registry/cells.ts';
import { toFileUrl } from './fileUrl.ts';

export const ImageCell = ({ value }: CellProps) => {
  const paths = splitPaths(value);
  if (!paths.length) return null;
  return (
    <Image.PreviewGroup>
      <Space size={4}>
        {paths.map((p) => (
          <Image key={p} src={toFileUrl(p)} width={40} height={40} style={{ objectFit: 'cover' }} alt="" />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
};
