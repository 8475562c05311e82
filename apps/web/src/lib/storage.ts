import { COOKIE_DAYS, storageKey } from '../config.ts';

export const readLocal = (name: string): string | null => {
  try {
    return localStorage.getItem(storageKey(name));
  } catch {
    return null;
  }
};

export const writeLocal = (name: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(storageKey(name));
    else localStorage.setItem(storageKey(name), value);
  } catch {
    /* storage full or disabled: settings just do not persist */
  }
};

export const readLocalJson = <T>(name: string, guard: (v: unknown) => v is T): T | null => {
  const raw = readLocal(name);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return guard(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

export const writeLocalJson = (name: string, value: unknown) => writeLocal(name, JSON.stringify(value));

export const getCookie = (name: string): string | null => {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const p = part.trim();
    if (p.startsWith(prefix)) return decodeURIComponent(p.slice(prefix.length));
  }
  return null;
};

export const setCookie = (name: string, value: string, days = COOKIE_DAYS) => {
  const expires = new Date(Date.now() + days * 864e5).toUTCString();
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
};

export const removeCookie = (name: string) => {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
};
