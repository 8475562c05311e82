const warned = new Set<string>();

/** Logs an unknown registry key once per kind and key. */
export const warnOnce = (kind: string, key: string) => {
  const id = `${kind}:${key}`;
  if (warned.has(id)) return;
  warned.add(id);
  console.warn(`[engine] no ${kind} registered for "${key}"`);
};
