import type { ScreenConfig } from '@5a/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Spin, Tabs } from 'antd';
import { errorField, send } from '../../api/http.ts';
import { ActionDialog } from '../dialog/ActionDialog.tsx';
import type { FormRequest, Row, Values } from '../list/context.ts';
import { formFields, formRow, initialValues } from '../logic/rules.ts';
import { treeParentProp } from '../logic/tree.ts';
import { DetailView } from './DetailView.tsx';
import { HistoryView } from './HistoryView.tsx';
import { FormFields } from './FormFields.tsx';
import { NOTHING_TO_BATCH, submitForm } from './submit.ts';

type Props = {
  config: ScreenConfig;
  request: FormRequest;
  tabType?: string;
  /** values every add starts with (a footer table's parent key) */
  presets?: Values;
  onClose: () => void;
  /** after a save (the dialog then closes): the list reloads */
  onSaved: () => void;
};

const titleOf = (req: FormRequest, title: string) =>
  ({
    add: `新增${title}`,
    childAdd: `新增下级${title}`,
    edit: `编辑${title}`,
    detail: `${title}详情`,
    batch: '批量修改',
  })[req.mode];

/** Edit and detail show the row as the detail call returns it (falls back to the list row). */
const useRecord = (config: ScreenConfig, req: FormRequest) => {
  const id = req.row?.[config.rowKey];
  const needs = (req.mode === 'edit' || req.mode === 'detail') && id !== undefined;
  const q = useQuery({
    queryKey: ['engine', 'detail', config.urls.detail, id],
    queryFn: () => send<Row>(config.urls.detail, { id }, { silent: true }),
    enabled: needs,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (!needs) return { record: req.row ?? null, loading: false };
  return { record: q.data ?? (q.isError ? (req.row ?? null) : null), loading: q.isLoading };
};

/** Add / child add / edit / batch edit / detail dialog for a screen config. */
export const FormDialog = ({ config, request, tabType, presets: given = {}, onClose, onSaved }: Props) => {
  const [form] = Form.useForm<Values>();
  const { record, loading } = useRecord(config, request);
  const fields = formFields(config.fields, request.mode);
  const detail = request.mode === 'detail';
  // a child starts under its parent
  const parentProp = request.mode === 'childAdd' ? treeParentProp(config.fields, config.urls.tree) : undefined;
  const presets = parentProp && request.row ? { ...given, [parentProp]: request.row[config.rowKey] } : given;

  const rowOf = (values: Values) => {
    const row = formRow(fields, request.mode, values);
    return request.mode === 'add' || request.mode === 'childAdd' ? { ...presets, ...row } : row;
  };
  // a field the server refuses shows its message under that field too
  const showFieldError = (e: unknown) => {
    const field = errorField(e);
    if (field && fields.some((f) => f.prop === field))
      form.setFields([{ name: field, errors: [(e as Error).message] }]);
  };

  return (
    <ActionDialog
      title={titleOf(request, config.title)}
      width={detail ? 900 : 1000}
      maskClosable={false}
      keepChanges={!detail}
      footer={detail ? <Button onClick={onClose}>关闭</Button> : undefined}
      okButtonProps={{ 'data-testid': 'form-submit' }}
      form={form}
      check={(values) =>
        request.mode === 'batch' && Object.keys(formRow(fields, 'batch', values)).length === 0
          ? NOTHING_TO_BATCH
          : undefined
      }
      send={(values) => submitForm(config, request, rowOf(values), tabType)}
      success="保存成功!"
      onClose={onClose}
      onDone={onSaved}
      onError={showFieldError}
    >
      <div data-testid={request.mode === 'batch' ? 'batch-edit-dialog' : 'form-dialog'}>
        {loading || (!record && (request.mode === 'edit' || detail)) ? (
          <Spin style={{ display: 'block', padding: 40 }} />
        ) : detail && config.urls.history ? (
          <Tabs
            items={[
              { key: 'detail', label: '详情', children: <DetailView fields={fields} record={record ?? {}} /> },
              {
                key: 'history',
                label: '历史',
                children: (
                  <HistoryView url={config.urls.history} id={request.row?.[config.rowKey]} fields={config.fields} />
                ),
              },
            ]}
          />
        ) : detail ? (
          <DetailView fields={fields} record={record ?? {}} />
        ) : (
          <Form
            form={form}
            initialValues={initialValues(fields, request.mode, record, presets)}
            autoComplete="off"
            scrollToFirstError
          >
            <FormFields fields={fields} mode={request.mode} record={record ?? undefined} />
          </Form>
        )}
      </div>
    </ActionDialog>
  );
};
