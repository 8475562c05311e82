import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

type Schema = {
  type?: string | string[];
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
};
type Op = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Doc = { paths: Record<string, Record<string, Op>> };

/**
 * Bodies that stay open on purpose, each documented: the payment providers post their own
 * notification format, which the callback verifies by signature rather than by shape.
 */
const OPEN_BY_DESIGN: readonly RegExp[] = [
  /^\/xapi\/Web\/NoLoginApi\/OnlinePay\/notify\//,
  /^\/xapi\/Web\/NoLoginApi\/ParkingPay\/notify\//,
  /^\/xapi\/Web\/NoLoginApi\/ServicePay\/notify$/,
];
/** multipart uploads carry a file, not a JSON body */
const MULTIPART: readonly string[] = [
  '/xapi/Common/Document/Upload',
  '/xapi/api/upload/image',
  '/xapi/api/upload/BaiduOSS',
  // the visitor's picture on the public page, with the code in its query
  '/xapi/Web/NoLoginApi/VisitorReg/upload',
  '/xapi/H5/Resident/Upload/image',
];

const variants = (s: Schema): Schema[] => [
  s,
  ...(s.anyOf ?? []).flatMap(variants),
  ...(s.oneOf ?? []).flatMap(variants),
];
/** an object schema that names none of its keys: any record passes and the document says nothing */
const bareRecord = (s: Schema) => {
  const objects = variants(s).filter(
    (v) => v.type === 'object' || (Array.isArray(v.type) && v.type.includes('object')) || v.properties !== undefined,
  );
  return (
    objects.length > 0 &&
    objects.every(
      (v) =>
        Object.keys(v.properties ?? {}).length === 0 &&
        v.additionalProperties !== undefined &&
        v.additionalProperties !== false,
    )
  );
};

describe('OpenAPI request bodies', () => {
  it('documents a body schema on every /xapi POST, with named fields unless the body is open by design', () => {
    const doc = t.app.swagger() as unknown as Doc;
    const missing: string[] = [];
    const open: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.post;
      if (!path.startsWith('/xapi/') || !op) continue;
      if (OPEN_BY_DESIGN.some((re) => re.test(path))) continue;
      if (MULTIPART.includes(path)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (!schema) {
        missing.push(path);
        continue;
      }
      if (bareRecord(schema)) open.push(path);
    }
    expect(missing).toEqual([]);
    expect(open).toEqual([]);
  });
});
