import { Form } from 'antd';
import { useState } from 'react';
import { accessApi, type AccessDeviceBody, type AccessDeviceSecret } from '@5a/contracts/endpoints/access';
import { callMsg } from '../../api/call.ts';
import { errorField } from '../../api/http.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { FormFields } from '../../engine/form/FormFields.tsx';
import type { Values } from '../../engine/list/context.ts';
import { formFields, formRow, initialValues } from '../../engine/logic/rules.ts';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { SecretShown } from './SecretShown.tsx';

/**
 * 新增设备: the screen's own add form (its fields and rules from the config), sent to the call that answers the
 * device's signing secret; the secret is then shown once, and the list reloads when it is put away.
 */
export default toolbarDialog(accessApi.addDevice, ({ endpoint, ctx, onClose, onDone }) => {
  const [form] = Form.useForm<Values>();
  const [issued, setIssued] = useState<AccessDeviceSecret | null>(null);
  const fields = formFields(ctx.config.fields, 'add');
  if (issued)
    return (
      <SecretShown
        issued={issued}
        onClose={() => {
          onDone();
          onClose();
        }}
      />
    );
  return (
    <ActionDialog
      title="新增设备"
      width={1000}
      maskClosable={false}
      keepChanges
      okButtonProps={{ 'data-testid': 'form-submit' }}
      form={form}
      send={async (values) => {
        const reply = await callMsg(endpoint, formRow(fields, 'add', values) as AccessDeviceBody);
        setIssued(reply.data);
        // the dialog moves on to the secret: nothing closes yet
        return null;
      }}
      success="保存成功"
      onClose={onClose}
      onError={(e) => {
        const field = errorField(e);
        if (field && fields.some((f) => f.prop === field))
          form.setFields([{ name: field, errors: [(e as Error).message] }]);
      }}
    >
      <div data-testid="form-dialog">
        <Form form={form} initialValues={initialValues(fields, 'add', null, {})} autoComplete="off" scrollToFirstError>
          <FormFields fields={fields} mode="add" />
        </Form>
      </div>
    </ActionDialog>
  );
});
