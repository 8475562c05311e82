import { useSyncExternalStore } from 'react';

/** the resident's session token; its own key, apart from the staff login's */
export const RESIDENT_TOKEN_KEY = '5a-resident-token';

const listeners = new Set<() => void>();
// storage disabled (a private window of some phones): the session lasts until the page is closed
let memory: string | null = null;
let inMemory = false;

export const readResidentToken = (): string | null => {
  if (inMemory || !globalThis.localStorage) return memory;
  try {
    return localStorage.getItem(RESIDENT_TOKEN_KEY);
  } catch {
    return memory;
  }
};

const write = (token: string | null) => {
  memory = token;
  try {
    if (token === null) globalThis.localStorage?.removeItem(RESIDENT_TOKEN_KEY);
    else globalThis.localStorage?.setItem(RESIDENT_TOKEN_KEY, token);
  } catch {
    inMemory = true;
  }
  listeners.forEach((l) => l());
};

export const saveResidentToken = (token: string) => write(token);
export const clearResidentToken = () => write(null);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const snapshot = () => readResidentToken();

/** the token as React sees it: the page re-renders on sign-in and when the session ends */
export const useResidentToken = () => useSyncExternalStore(subscribe, snapshot, () => null);
