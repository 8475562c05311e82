import { describe, expect, it } from 'vitest';
import { INDEX_PATH } from '../../config.ts';
import type { MenuRoute } from '../menu/menuTree.ts';
import { guardDecision, resolveAuthed, safeRedirect } from './guard.ts';

const route = (path: string): [string, MenuRoute] => [
  path,
  {
    path,
    name: '',
    title: path,
    titles: [path],
    component: 'ListPage',
    cache: false,
    hidden: false,
    external: false,
    url: '',
    topId: 1,
  },
];

describe('guardDecision', () => {
  it.each([
    '/login',
    '/adminlogin',
    '/operatorlogin',
    '/visitor_reg',
    '/ol_pay',
    '/wap_pay_page',
    '/openmonitor',
    '/operator',
  ])('lets %s through without a token', (p) => {
    expect(guardDecision(p, '', null)).toEqual({ kind: 'public' });
  });
  it('sends other paths without a token to /login with the full path as redirect', () => {
    expect(guardDecision('/Web/Basic/Building/listConfig', '?a=1', null)).toEqual({
      kind: 'login',
      to: `/login?redirect=${encodeURIComponent('/Web/Basic/Building/listConfig?a=1')}`,
    });
    expect(guardDecision('/', '', null)).toEqual({ kind: 'login', to: '/login' });
    expect(guardDecision('/apicture', '', '')).toEqual({ kind: 'login', to: '/login?redirect=%2Fapicture' });
  });
  it('passes with a token', () => {
    expect(guardDecision('/log', '', 'tok')).toEqual({ kind: 'auth' });
  });
});

describe('resolveAuthed', () => {
  const routes = new Map([route(INDEX_PATH), route('/Web/Basic/Building/listConfig')]);
  it('sends / to the workbench when the menu has it, else to the first route', () => {
    expect(resolveAuthed('/', '', routes, INDEX_PATH)).toEqual({ kind: 'redirect', to: INDEX_PATH });
    const noIndex = new Map([route('/Web/Basic/Building/listConfig')]);
    expect(resolveAuthed('/', '', noIndex, '/Web/Basic/Building/listConfig')).toEqual({
      kind: 'redirect',
      to: '/Web/Basic/Building/listConfig',
    });
    expect(resolveAuthed('/', '', new Map(), null)).toEqual({ kind: 'empty' });
  });
  it('renders menu routes and /log in the shell, unknown paths as 404', () => {
    expect(resolveAuthed('/Web/Basic/Building/listConfig', '', routes, null)).toEqual({ kind: 'shell' });
    expect(resolveAuthed('/log', '', routes, null)).toEqual({ kind: 'shell' });
    expect(resolveAuthed('/nope', '', routes, null)).toEqual({ kind: 'notFound' });
  });
  it('handles the utility and standalone routes', () => {
    expect(resolveAuthed('/refresh', '', routes, null)).toEqual({ kind: 'refresh' });
    expect(resolveAuthed('/redirect/Web/Basic/Building/listConfig', '?x=1', routes, null)).toEqual({
      kind: 'redirectUtility',
      to: '/Web/Basic/Building/listConfig?x=1',
    });
    expect(resolveAuthed('/epidemic', '', routes, null)).toMatchObject({ kind: 'standalone' });
    expect(resolveAuthed('/cockpit', '', routes, null)).toEqual({
      kind: 'standalone',
      title: '运营驾驶舱',
      path: '/cockpit',
    });
    // a standalone page is found by its normalized path, even when the menu also lists it
    expect(resolveAuthed('/apicture/', '', routes, null)).toEqual({
      kind: 'standalone',
      title: '一张图物业数据',
      path: '/apicture',
    });
  });
  it('only accepts local redirect targets', () => {
    expect(safeRedirect('/Web/x?y=1')).toBe('/Web/x?y=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
