import { Code, Msg } from '@5a/contracts';

/** A business failure: answered as HTTP 200 with a non-zero envelope code (contracts/envelope.ts). */
export class AppError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, msg: string, data: unknown = null) {
    super(msg);
    this.code = code;
    this.data = data;
  }
}

export const fail = (msg: string, code: number = Code.fail, data: unknown = null) => new AppError(code, msg, data);
export const forbidden = () => new AppError(Code.forbidden, Msg.forbidden);
export const notFound = (what = '') => new AppError(Code.notFound, what ? `${what}不存在` : Msg.notFound);
export const invalid = (msg: string, field?: string) => new AppError(Code.validation, msg, field ? { field } : null);
export const unauthenticated = () => new AppError(Code.tokenInvalid, Msg.tokenInvalid);
