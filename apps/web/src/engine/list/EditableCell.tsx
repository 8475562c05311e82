import type { FieldConfig } from '@5a/contracts';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { sendMsg } from '../../api/http.ts';
import { FieldCell } from '../cells/FieldCell.tsx';
import { FieldInput } from '../form/FieldInput.tsx';
import type { Row } from './context.ts';

type Props = { field: FieldConfig; row: Row; url: string; onSaved: () => void };

/** An editable cell (field.editable + urls.cellSave): click, edit inline, save {key, row, val}. */
export const EditableCell = ({ field, row, url, onSaved }: Props) => {
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [val, setVal] = useState<unknown>(row[field.prop]);
  const [saving, setSaving] = useState(false);

  if (!editing)
    return (
      <div
        className="engine-editable-cell"
        title="点击编辑"
        role="button"
        tabIndex={0}
        onClick={() => {
          setVal(row[field.prop]);
          setEditing(true);
        }}
        onKeyDown={(e) => e.key === 'Enter' && setEditing(true)}
        style={{ cursor: 'pointer', minHeight: 22, borderBottom: '1px dashed #bbb' }}
        data-testid={`cell-edit-${field.prop}`}
      >
        <FieldCell field={field} value={row[field.prop]} row={row} />
      </div>
    );

  const save = async () => {
    setSaving(true);
    try {
      const { msg } = await sendMsg(url, { key: field.prop, row, val });
      void message.success(msg && msg !== 'success' ? msg : '保存成功!');
      setEditing(false);
      onSaved();
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space.Compact style={{ minWidth: 160 }}>
      <div style={{ flex: 1 }} onKeyDown={(e) => e.key === 'Enter' && void save()}>
        <FieldInput field={field} mode="cell" value={val} onChange={setVal} record={row} />
      </div>
      <Button
        icon={<CheckOutlined />}
        type="primary"
        loading={saving}
        onClick={() => void save()}
        aria-label="保存"
        data-testid="cell-save"
      />
      <Button icon={<CloseOutlined />} onClick={() => setEditing(false)} aria-label="取消" />
    </Space.Compact>
  );
};
