import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useUrlOptions } from '../api/queries.ts';
import { ListView } from '../list/ListView.tsx';
import type { Row } from '../list/context.ts';
import { optionLabel } from '../logic/dict.ts';
import { fillFromRow } from '../logic/fill.ts';
import { baseOfRoute } from '../logic/search.ts';
import type { InputProps } from '../registry/inputs.ts';

/** Table select: a button opening the pick route's list in pick mode; value = the row id. */
export const TableSelectInput = (p: InputProps) => {
  const pick = p.field.pick;
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ id: unknown; label: string } | null>(null);
  const form = Form.useFormInstance();
  const has = p.value !== undefined && p.value !== null && p.value !== '';
  const needLabel = has && (!picked || picked.id !== p.value);
  const { data } = useUrlOptions(needLabel && pick ? `${baseOfRoute(pick.route)}/options` : undefined);
  const label = !has
    ? ''
    : picked && picked.id === p.value
      ? picked.label
      : data
        ? optionLabel(data, p.value as string | number)
        : String(p.value);

  const choose = (row: Row) => {
    const labelProp = pick?.labelProp ?? 'name';
    setPicked({ id: row.id, label: String(row[labelProp] ?? row.id) });
    p.onChange?.(row.id);
    // the picked row fills the fields the declaration names (a house → its village, owner and phone)
    if (p.field.fill && p.mode !== 'search') form.setFieldsValue(fillFromRow(p.field.fill, row));
    setOpen(false);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }} id={p.id}>
        <Input readOnly value={label} placeholder={p.field.placeholder ?? `请选择${p.field.label}`} />
        {has && !p.disabled ? <Button onClick={() => p.onChange?.(null)}>清除</Button> : null}
        <Button type="primary" onClick={() => setOpen(true)} disabled={p.disabled || !pick}>
          选择
        </Button>
      </Space.Compact>
      {pick ? (
        <Modal
          title={`选择${p.field.label}`}
          open={open}
          onCancel={() => setOpen(false)}
          footer={null}
          width={1000}
          destroyOnHidden
        >
          <ListView route={pick.route} pick={choose} />
        </Modal>
      ) : null}
    </>
  );
};
