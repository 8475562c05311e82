import type { DynamicForm, FieldConfig } from '@5a/contracts';
import { App, Button, Card, Descriptions, Form, Result, Spin, Tabs } from 'antd';
import { useState } from 'react';
import type { PageProps } from '../pageTypes.ts';
import { errorField, sendMsg } from '../../api/http.ts';
import { useDynamicForm } from '../api/queries.ts';
import { ensureBuiltins } from '../builtins.ts';
import { FormFields } from '../form/FormFields.tsx';
import type { Values } from '../list/context.ts';
import { formRow } from '../logic/rules.ts';

ensureBuiltins();

type BodyProps = {
  items: readonly FieldConfig[];
  initForm: Values;
  saveUrl: string;
  formType?: string;
  info?: { label: string; value: string }[];
};

/** One form of a dynamic form page: its fields, optional read-only info block, 保存. */
const DynamicFormBody = ({ items, initForm, saveUrl, formType, info }: BodyProps) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = { ...formRow(items, 'edit', values), ...(formType ? { formType } : {}) };
      const { msg } = await sendMsg(saveUrl, body);
      void message.success(msg && msg !== 'success' ? msg : '保存成功!');
    } catch (e) {
      const field = errorField(e);
      if (field && items.some((f) => f.prop === field))
        form.setFields([{ name: field, errors: [(e as Error).message] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      {info?.length ? (
        <Descriptions
          bordered
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={info.map((i, n) => ({ key: `${n}`, label: i.label, children: i.value }))}
          data-testid="dynamic-form-info"
        />
      ) : null}
      <Form form={form} initialValues={initForm} autoComplete="off" scrollToFirstError>
        <FormFields fields={items} mode="edit" />
        <div style={{ textAlign: 'center' }}>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="form-submit">
            保存
          </Button>
        </div>
      </Form>
    </>
  );
};

const Forms = ({ def }: { def: DynamicForm }) => {
  const tabs = def.tabs ?? [];
  if (!tabs.length) return <DynamicFormBody items={def.formItems} initForm={def.initForm} saveUrl={def.saveUrl} />;
  // tabbed forms send the active tab key as formType
  return (
    <Tabs
      items={tabs.map((t) => ({
        key: t.key,
        label: t.title,
        children: (
          <DynamicFormBody
            items={t.formItems}
            initForm={t.initForm}
            saveUrl={def.saveUrl}
            formType={t.key}
            info={t.info}
          />
        ),
      }))}
    />
  );
};

/** Menu component 'DynamicForm': POST the route → the form definition. */
export const DynamicFormPage = ({ route }: PageProps) => {
  const q = useDynamicForm(route.path);
  if (q.isLoading) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!q.data)
    return (
      <Result
        status="error"
        title="加载表单失败"
        subTitle={q.error instanceof Error ? q.error.message : undefined}
        extra={
          <Button type="primary" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  return (
    <Card title={q.data.formTitle || route.title} variant="borderless" data-testid="dynamic-form">
      <Forms def={q.data} />
    </Card>
  );
};
