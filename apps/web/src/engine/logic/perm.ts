/** Permission check: any-of, all-of or none-of the given codes ('Building:add'). */
export type PermCheck = { anyOf?: readonly string[]; allOf?: readonly string[]; noneOf?: readonly string[] };

export const checkPerm = (perms: ReadonlySet<string> | readonly string[], check: PermCheck): boolean => {
  const has = (c: string) => (perms instanceof Set ? perms.has(c) : (perms as readonly string[]).includes(c));
  if (check.anyOf && check.anyOf.length > 0 && !check.anyOf.some(has)) return false;
  if (check.allOf && !check.allOf.every(has)) return false;
  if (check.noneOf && check.noneOf.some(has)) return false;
  return true;
};
