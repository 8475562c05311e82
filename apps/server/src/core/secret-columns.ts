/**
 * What would let a reader log in or sign as someone: the columns (and detail keys) never written out — blanked in a
 * company's data export, '******' in the audit trail. One rule for both, on a column's SQL name (`password_hash`) or
 * a row's key (`passwordHash`, `apiV3Key`): the name is tested as it is and in snake case.
 */
const SECRET = /password|passwd|secret|token|private|api_?key|apiv3|cert|_hash$|^salt$/i;

const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** a boolean (must_change_password) holds no secret, whatever its name */
export const isSecretColumn = (c: { name: string; type?: string }): boolean =>
  c.type !== 'boolean' && (SECRET.test(c.name) || SECRET.test(snakeCase(c.name)));
