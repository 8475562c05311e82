import { residentApi } from '@5a/contracts/endpoints/resident';
import { Alert, App, Button, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { Block, Screen } from './Layout.tsx';
import { codeButtonText, codeError, phoneError } from './logic.ts';
import { errorText, fieldError, rcall } from './publicApi.ts';
import { saveResidentToken } from './session.ts';
import { useCountdown } from './useCountdown.ts';

type Values = { phone: string; code: string };
type Company = { tenant_id: number; name: string };

const check = (fn: (v: string | undefined) => string | null) => ({
  validator: (_r: unknown, v: string | undefined) => {
    const msg = fn(v);
    return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
  },
});

/**
 * 登录: a code texted to his phone. A phone registered with several companies is asked which one, and the same
 * code signs him in there.
 */
export const SignIn = ({ notice }: { notice?: string }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [companies, setCompanies] = useState<Company[] | null>(null);
  const [tenant, setTenant] = useState<number | null>(null);

  // a refused field is shown under it; anything else as a message
  const showError = (e: unknown) => {
    const f = fieldError(e);
    if (f && (f.field === 'phone' || f.field === 'code')) form.setFields([{ name: f.field, errors: [f.msg] }]);
    else void message.error(errorText(e));
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const r = await rcall(residentApi.sendCode, { phone: form.getFieldValue('phone').trim() });
      startCountdown(r.resend_in);
      void message.success('验证码已发送');
    } catch (e) {
      showError(e);
    } finally {
      setSending(false);
    }
  };

  const signIn = async (v: Values, tenantId?: number) => {
    setBusy(true);
    try {
      const r = await rcall(residentApi.login, {
        phone: v.phone.trim(),
        code: v.code.trim(),
        ...(tenantId === undefined ? {} : { tenant_id: tenantId }),
      });
      if ('choose' in r) {
        setCompanies(r.choose);
        setTenant(r.choose[0]?.tenant_id ?? null);
        return;
      }
      saveResidentToken(r.token);
      void message.success('登录成功');
    } catch (e) {
      setCompanies(null);
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen title="住户登录">
      {notice ? (
        <Alert type="error" showIcon title={notice} style={{ marginBottom: 12 }} data-testid="resident-notice" />
      ) : null}
      <Block>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void signIn(v)}
          onValuesChange={() => setCompanies(null)}
          data-testid="resident-signin"
        >
          <Form.Item name="phone" label="手机号" rules={[check(phoneError)]}>
            <Input
              maxLength={11}
              inputMode="tel"
              placeholder="请输入手机号"
              size="large"
              data-testid="resident-phone"
            />
          </Form.Item>
          <Form.Item label="验证码" required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="code" rules={[check(codeError)]} noStyle>
                <Input
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="6位数字"
                  size="large"
                  data-testid="resident-code"
                />
              </Form.Item>
              <Button
                size="large"
                disabled={left > 0}
                loading={sending}
                onClick={() => void sendCode()}
                style={{ minWidth: 128 }}
                data-testid="resident-send-code"
              >
                {codeButtonText(left)}
              </Button>
            </div>
          </Form.Item>
          {companies ? (
            <Form.Item label="请选择物业公司" data-testid="resident-companies">
              <Radio.Group value={tenant} onChange={(e) => setTenant(Number(e.target.value))}>
                <Space orientation="vertical">
                  {companies.map((c) => (
                    <Radio key={c.tenant_id} value={c.tenant_id}>
                      {c.name}
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            </Form.Item>
          ) : null}
          <Button
            type="primary"
            size="large"
            block
            loading={busy}
            disabled={companies !== null && tenant === null}
            onClick={() => (companies && tenant !== null ? void signIn(form.getFieldsValue(), tenant) : form.submit())}
            data-testid="resident-login"
          >
            登录
          </Button>
        </Form>
      </Block>
    </Screen>
  );
};
