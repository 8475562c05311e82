import type { NeighbourAuditBody, NeighbourAuditType } from '@5a/contracts/endpoints/community-neighbour';

export type AuditValues = { type: NeighbourAuditType; auditmsg?: string };

/** The audit's body: a reason rides along only with a rejection. */
export const auditBody = (id: number, v: AuditValues): NeighbourAuditBody => ({
  id,
  type: v.type,
  auditmsg: v.type === 2 ? (v.auditmsg ?? '').trim() : '',
});
