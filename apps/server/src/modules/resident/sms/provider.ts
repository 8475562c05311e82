/** A text to one phone: the provider's template and its parameters, and the words as the phone shows them. */
export type SmsText = {
  phone: string;
  template: 'login' | 'link';
  params: Record<string, string>;
  /** what the template reads as, kept in 短信记录 */
  words: string;
};

/** One interface for every SMS provider: Alibaba Cloud SMS in production, the sandbox in the demo and tests. */
export type SmsProvider = {
  kind: 'aliyun' | 'sandbox';
  /** delivers the text or throws SmsError with the provider's reason */
  send: (text: SmsText) => Promise<{ bizId: string }>;
};

export class SmsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsError';
  }
}
