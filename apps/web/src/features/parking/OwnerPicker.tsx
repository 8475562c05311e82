import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { ListView } from '../../engine/list/ListView.tsx';
import type { Row } from '../../engine/list/context.ts';

const RESIDENTS = '/Web/Basic/GatePerson/listConfig';

type Props = { village: number | undefined; value?: number; onChange?: (id: number | undefined) => void };

/**
 * 业主 from a table: the village's residents list (searchable, paged) opens in a dialog and 选择 takes one. The
 * name shown is the one picked; changing the village clears the choice (the form does).
 */
export const OwnerPicker = ({ village, value, onChange }: Props) => {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const name = value !== undefined && picked?.id === value ? picked.name : '';
  const choose = (row: Row) => {
    const id = Number(row.id);
    // the name with the house beside it (two owners of one name are told apart)
    setPicked({ id, name: String(row.name_house ?? row.name ?? id) });
    onChange?.(id);
    setOpen(false);
  };
  return (
    <>
      <Space.Compact style={{ width: '100%' }} data-testid="assoc-owner">
        <Input readOnly value={name} placeholder={village ? '请选择业主' : '请先选择小区'} />
        <Button type="primary" disabled={!village} onClick={() => setOpen(true)} data-testid="assoc-owner-choose">
          选择
        </Button>
      </Space.Compact>
      <Modal title="选择业主" open={open} onCancel={() => setOpen(false)} footer={null} width={1000} destroyOnHidden>
        {village ? <ListView route={RESIDENTS} extra={{ village_id: village }} pick={choose} /> : null}
      </Modal>
    </>
  );
};
