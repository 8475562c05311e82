import { Alert, App, Button, Descriptions, Input, Modal } from 'antd';
import type { AccessDeviceSecret } from '@5a/contracts/endpoints/access';

/**
 * A device's signing secret, the one time the server answers it: copied into the device now or lost (a later
 * 重置密钥 issues another). Closing is a deliberate 我已保存, never a click beside the dialog.
 */
export const SecretShown = ({ issued, onClose }: { issued: AccessDeviceSecret; onClose: () => void }) => {
  const { message } = App.useApp();
  const copy = async () => {
    await navigator.clipboard?.writeText(issued.secret).catch(() => undefined);
    void message.success('已复制');
  };
  return (
    <Modal
      open
      title="设备签名密钥"
      width={640}
      maskClosable={false}
      keyboard={false}
      closable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          我已保存
        </Button>
      }
    >
      <div data-testid="secret-dialog">
        <Alert
          type="warning"
          showIcon
          message="密钥只显示这一次，关闭后无法再次查看。请立即写入设备；遗失后可在列表中重置密钥。"
          style={{ marginBottom: 16 }}
        />
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="设备编号">
            <span data-testid="secret-gateno">{issued.gateno}</span>
          </Descriptions.Item>
          <Descriptions.Item label="签名密钥">
            <Input.TextArea
              readOnly
              autoSize
              value={issued.secret}
              data-testid="secret-value"
              style={{ fontFamily: 'monospace' }}
            />
            <Button size="small" onClick={copy} style={{ marginTop: 8 }} data-testid="secret-copy">
              复制
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label="签名方式">
            HMAC-SHA256(密钥, `${'{'}X-Timestamp{'}'}.${'{'}请求体{'}'}`)，十六进制，放在 X-Signature 头
          </Descriptions.Item>
        </Descriptions>
      </div>
    </Modal>
  );
};
