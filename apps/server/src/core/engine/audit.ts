import { requestContext } from '@fastify/request-context';
import type { AuditAction } from '@5a/contracts';
import type { Actor, Caller } from '../auth/actor.ts';
import type { AppRegistry } from './registry.ts';
import type { ResourceDef, Row, Tx } from './types.ts';
import type { Db } from '../db/client.ts';
import { isSecretColumn } from '../secret-columns.ts';

declare module '@fastify/request-context' {
  // module augmentation needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface RequestContextData {
    /** the client's address as the access control saw it, for the audit trail */
    ip: string;
  }
}

export type { AuditAction } from '@5a/contracts';

export type AuditEntry = {
  tenantId: number | null;
  operatorId: number | null;
  userId: number;
  userName: string;
  ip: string;
  screen: string;
  screenTitle: string;
  action: AuditAction;
  recordId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** personal data, kept recognisable but not readable (ID numbers, phones) */
const PERSONAL = /id_?card|idcard|id_?number|phone|mobile|tel$|cert_no/i;
/** bookkeeping every write changes: noise in a history */
export const AUDIT_SKIP: ReadonlySet<string> = new Set(['updatedAt', 'createdAt']);

/** how a value is written into an entry: a secret never (******), a personal one masked, anything else as it is */
export type AuditMask = 'secret' | 'personal' | 'plain';
export const auditMaskOf = (key: string, type?: string): AuditMask =>
  isSecretColumn({ name: key, type }) ? 'secret' : PERSONAL.test(key) ? 'personal' : 'plain';

/** a personal value as the trail keeps it: its first three and last four characters */
const maskPersonal = (v: string) => (v.length > 7 ? `${v.slice(0, 3)}****${v.slice(-4)}` : '****');

export const maskAuditValue = (key: string, v: unknown): unknown => {
  if (v === null || v === undefined || v === '') return v;
  // a custom write's details nest (an export's filters): their keys are masked as a row's are
  if (typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskAuditValue(k, x)]));
  const mask = auditMaskOf(key, typeof v === 'boolean' ? 'boolean' : undefined);
  if (mask === 'secret') return '******';
  if (mask === 'personal' && typeof v === 'string') return maskPersonal(v);
  return v;
};

const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** the columns that differ (all of them for an added or deleted row), masked */
export const auditDiff = (before: Row | null, after: Row | null) => {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of keys) {
    if (AUDIT_SKIP.has(k)) continue;
    const x = plain(before?.[k]);
    const y = plain(after?.[k]);
    if (before && after && JSON.stringify(x) === JSON.stringify(y)) continue;
    if (before) b[k] = maskAuditValue(k, x);
    if (after) a[k] = maskAuditValue(k, y);
  }
  return { before: before ? b : null, after: after ? a : null };
};

/** one entry per row written; rows matched by id, an edit that changed nothing leaves none */
export const auditEntries = (
  def: ResourceDef,
  caller: Caller,
  action: AuditAction,
  before: readonly Row[] | null,
  after: readonly Row[] | null,
): AuditEntry[] => {
  const ip = requestContext.get('ip') ?? '';
  const byId = (rows: readonly Row[] | null) => new Map((rows ?? []).map((r) => [Number(r.id), r]));
  const b = byId(before);
  const a = byId(after);
  const ids = [...new Set([...b.keys(), ...a.keys()])];
  const { actor } = caller;
  return ids.flatMap((id) => {
    const diff = auditDiff(b.get(id) ?? null, a.get(id) ?? null);
    if (before && after && Object.keys(diff.after ?? {}).length === 0) return [];
    const row = a.get(id) ?? b.get(id);
    return [
      {
        tenantId: (row?.tenantId as number | null | undefined) ?? actor.tenantId,
        operatorId: (row?.operatorId as number | null | undefined) ?? actor.operatorId,
        userId: actor.id,
        userName: actor.userName,
        ip,
        screen: def.name,
        screenTitle: def.title,
        action,
        recordId: id,
        before: diff.before,
        after: diff.after,
      },
    ];
  });
};

/** who a custom write is by: a signed-in user, or (a payment notification, a resident's own page) a named source */
export type AuditBy = Pick<Actor, 'id' | 'userName' | 'tenantId' | 'operatorId'>;
export type CustomAudit = {
  screen: string;
  screenTitle: string;
  action: AuditAction;
  recordId?: number | null;
  before?: Row | null;
  after?: Row | null;
  /** the company (or operator) the record is of, when not the writer's own */
  tenantId?: number | null;
  operatorId?: number | null;
};

/**
 * Records custom writes in the caller's transaction, masked as the screens' writes are: a module's own endpoint that
 * moves money, changes grants, issues a secret or hands out personal data calls this beside its write.
 */
export const recordCustomAudit = async (
  registry: AppRegistry,
  q: Db | Tx,
  by: AuditBy,
  ...writes: CustomAudit[]
): Promise<void> => {
  if (!registry.lends('recordAudit')) return;
  const ip = requestContext.get('ip') ?? '';
  const entries = writes.map((w): AuditEntry => {
    const diff = auditDiff(w.before ?? null, w.after ?? null);
    return {
      tenantId: w.tenantId === undefined ? by.tenantId : w.tenantId,
      operatorId: w.operatorId === undefined ? by.operatorId : w.operatorId,
      userId: by.id,
      userName: by.userName,
      ip,
      screen: w.screen,
      screenTitle: w.screenTitle,
      action: w.action,
      recordId: w.recordId ?? null,
      before: diff.before,
      after: diff.after,
    };
  });
  if (entries.length) await registry.platform('recordAudit')(q, entries);
};
