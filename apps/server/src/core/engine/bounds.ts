import type { PgColumn } from 'drizzle-orm/pg-core';
import { INT2_MAX, INT4_MAX, MONEY_FEN_MAX } from '@5a/contracts';

/**
 * What a column can hold, read from its drizzle declaration once: every value the engine writes or
 * compares with a column is checked against this, so PostgreSQL never sees an int4 overflow, a word
 * in a number column or an impossible date (each of those is a server error there, not a message).
 */
export type ColumnKind =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'decimal'; max: number; scale: number }
  | { kind: 'float' }
  | { kind: 'text'; max?: number }
  | { kind: 'date' }
  | { kind: 'timestamp' }
  | { kind: 'array'; of: ColumnKind }
  | { kind: 'other' };

const kinds = new WeakMap<PgColumn, ColumnKind>();

export const columnKind = (col: PgColumn): ColumnKind => {
  const hit = kinds.get(col);
  if (hit) return hit;
  const c = col as PgColumn & { length?: number; precision?: number; scale?: number; baseColumn?: PgColumn };
  let k: ColumnKind;
  switch (col.columnType) {
    case 'PgSmallInt':
    case 'PgSmallSerial':
      k = { kind: 'int', min: -INT2_MAX - 1, max: INT2_MAX };
      break;
    case 'PgInteger':
    case 'PgSerial':
      k = { kind: 'int', min: -INT4_MAX - 1, max: INT4_MAX };
      break;
    case 'PgBigInt53':
    case 'PgBigSerial53':
    case 'PgBigInt64':
    case 'PgBigSerial64':
      k = { kind: 'int', min: -MONEY_FEN_MAX, max: MONEY_FEN_MAX };
      break;
    case 'PgNumeric':
    case 'PgNumericNumber':
    case 'PgNumericBigInt': {
      const scale = c.scale ?? 0;
      k =
        c.precision === undefined
          ? { kind: 'float' }
          : { kind: 'decimal', scale, max: 10 ** (c.precision - scale) - 10 ** -scale };
      break;
    }
    case 'PgReal':
    case 'PgDoublePrecision':
      k = { kind: 'float' };
      break;
    case 'PgVarchar':
    case 'PgChar':
      k = { kind: 'text', max: c.length };
      break;
    case 'PgText':
      k = { kind: 'text' };
      break;
    case 'PgDate':
    case 'PgDateString':
      k = { kind: 'date' };
      break;
    case 'PgTimestamp':
    case 'PgTimestampString':
      k = { kind: 'timestamp' };
      break;
    case 'PgArray':
      k = { kind: 'array', of: c.baseColumn ? columnKind(c.baseColumn) : { kind: 'other' } };
      break;
    default:
      k = { kind: 'other' };
  }
  kinds.set(col, k);
  return k;
};

const dateRe = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' naming a day (and time) that exists */
export const isRealDate = (s: string) => {
  const m = dateRe.exec(s);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, sec = 0] = m
    .slice(1)
    .map((x) => (x === undefined ? undefined : Number(x))) as number[];
  const t = new Date(Date.UTC(y!, mo! - 1, d!, h, mi, sec));
  return (
    y! >= 1 &&
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo! - 1 &&
    t.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    sec < 60
  );
};

const isNumeric = (v: unknown) =>
  typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v);

/**
 * Why a value cannot go into (or be compared with) a column, as the end of a message after the
 * field's label; null when it fits. `scale` reads the value in a larger unit (yuan for fen: 100).
 */
export const misfit = (k: ColumnKind, v: unknown, scale = 1): string | null => {
  if (v === null || v === undefined) return null;
  switch (k.kind) {
    case 'int':
    case 'decimal': {
      if (!isNumeric(v)) return '必须是数字';
      const n = Number(v) * scale;
      const max = k.max / scale;
      if (k.kind === 'int' && scale === 1 && !Number.isInteger(n)) return '必须是整数';
      if (Number(v) > max) return `不能大于${max}`;
      const min = (k.kind === 'int' ? k.min : -k.max) / scale;
      return Number(v) < min ? `不能小于${min}` : null;
    }
    case 'float':
      return isNumeric(v) ? null : '必须是数字';
    case 'text': {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return '格式错误';
      const s = String(v);
      if (s.includes('\u0000')) return '不能包含空字符';
      return k.max !== undefined && s.length > k.max ? `不能超过${k.max}个字符` : null;
    }
    case 'date':
    case 'timestamp':
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? '格式错误' : null;
      return typeof v === 'string' && isRealDate(v) ? null : '格式错误';
    case 'array': {
      if (!Array.isArray(v)) return '格式错误';
      for (const x of v) {
        const bad = misfit(k.of, x, scale);
        if (bad) return bad;
      }
      return null;
    }
    default:
      return null;
  }
};
