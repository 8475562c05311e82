import { describe, expect, it } from 'vitest';
import { PaymentSignatureError } from './provider.ts';
import { readOrderToken, sandboxNotification, sandboxProvider } from './sandbox.ts';

const secret = 'test-secret';
const provider = sandboxProvider(secret, 'http://127.0.0.1:8080');

describe('sandbox provider', () => {
  it('goes order → QR → notification → paid like the real provider', async () => {
    const order = await provider.createOrder({
      outTradeNo: 'S1',
      description: '物业费',
      amountFen: 12345,
      channel: 'native',
      notifyUrl: 'http://127.0.0.1:8080/xapi/Web/NoLoginApi/OnlinePay/notify/1',
    });
    expect(order.codeUrl).toMatch(/^http:\/\/127\.0\.0\.1:8080\/sandbox_pay\?token=/);
    const token = decodeURIComponent(order.codeUrl!.split('token=')[1]!);
    const o = readOrderToken(secret, token);
    expect(o).toMatchObject({ o: 'S1', a: 12345, d: '物业费' });
    expect(await provider.queryOrder('S1')).toBeNull();
    const paid = await provider.parseNotification(sandboxNotification(secret, o, true));
    expect(paid).toMatchObject({ outTradeNo: 'S1', state: 'SUCCESS', amountFen: 12345 });
    expect((await provider.queryOrder('S1'))?.state).toBe('SUCCESS');
  });

  it('refuses a forged token or notification', async () => {
    expect(() => readOrderToken(secret, 'eyJvIjoiUzEifQ.forged')).toThrow(PaymentSignatureError);
    const n = sandboxNotification('other-secret', { o: 'S1', a: 1, d: '', n: '', e: Date.now() + 1000 }, true);
    await expect(provider.parseNotification(n)).rejects.toBeInstanceOf(PaymentSignatureError);
  });
});
