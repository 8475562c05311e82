import type { LoginData } from '@5a/contracts';
import { create } from 'zustand';
import { readLocal, removeCookie, setCookie, writeLocal } from '../lib/storage.ts';

export type LoginPagePath = '/login' | '/adminlogin' | '/operatorlogin';
const loginPages: readonly string[] = ['/login', '/adminlogin', '/operatorlogin'];
const isLoginPage = (v: string | null): v is LoginPagePath => v !== null && loginPages.includes(v);

/** Cookies the login sets for image addresses; logout clears them. */
const sessionCookies = ['documentServer', 'iotServer', 'urlToken'] as const;

type AuthState = {
  token: string | null;
  userId: number | null;
  loginPage: LoginPagePath;
  /** where a logout is heading, so the guard sends a token-less render there too */
  exitTo: string | null;
  signIn: (data: LoginData, page: LoginPagePath) => void;
  setUserId: (id: number) => void;
  clear: (exitTo?: string) => void;
  clearExit: () => void;
};

const storedUserId = Number(readLocal('userId'));

export const useAuthStore = create<AuthState>((set) => ({
  token: readLocal('token'),
  userId: Number.isFinite(storedUserId) && storedUserId > 0 ? storedUserId : null,
  loginPage: (() => {
    const v = readLocal('loginPage');
    return isLoginPage(v) ? v : '/login';
  })(),
  exitTo: null,
  signIn: (data, page) => {
    writeLocal('token', data.token);
    writeLocal('userId', String(data.userId));
    writeLocal('loginPage', page);
    setCookie('documentServer', data.documentServer);
    setCookie('iotServer', data.iotServer);
    setCookie('urlToken', data.urlToken);
    set({ token: data.token, userId: data.userId, loginPage: page, exitTo: null });
  },
  setUserId: (id) => {
    writeLocal('userId', String(id));
    set({ userId: id });
  },
  clear: (exitTo) => {
    writeLocal('token', null);
    writeLocal('userId', null);
    sessionCookies.forEach(removeCookie);
    set({ token: null, userId: null, exitTo: exitTo ?? null });
  },
  clearExit: () => set({ exitTo: null }),
}));

export const getToken = () => useAuthStore.getState().token;
