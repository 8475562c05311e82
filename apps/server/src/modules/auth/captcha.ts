import { randomInt, randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { loginCaptchas } from './schema.ts';

/** a captcha is answered within this time or not at all */
export const CAPTCHA_TTL_SECONDS = 120;
const LENGTH = 4;
const WIDTH = 120;
const HEIGHT = 40;

/**
 * Digits as strokes on a 10×16 grid. Drawn as paths, not SVG text, so the answer is not a string in the
 * image; each is turned, scaled and moved by chance, under lines and dots of noise.
 */
const glyphs: Record<string, number[][][]> = {
  '0': [
    [
      [2, 0],
      [8, 0],
      [10, 3],
      [10, 13],
      [8, 16],
      [2, 16],
      [0, 13],
      [0, 3],
      [2, 0],
    ],
  ],
  '1': [
    [
      [3, 3],
      [6, 0],
      [6, 16],
    ],
    [
      [3, 16],
      [9, 16],
    ],
  ],
  '2': [
    [
      [0, 3],
      [3, 0],
      [8, 0],
      [10, 3],
      [10, 6],
      [0, 16],
      [10, 16],
    ],
  ],
  '3': [
    [
      [0, 0],
      [10, 0],
      [5, 7],
      [9, 9],
      [10, 13],
      [8, 16],
      [2, 16],
      [0, 14],
    ],
  ],
  '4': [
    [
      [8, 16],
      [8, 0],
      [0, 11],
      [10, 11],
    ],
  ],
  '5': [
    [
      [10, 0],
      [1, 0],
      [0, 7],
      [7, 6],
      [10, 9],
      [10, 14],
      [8, 16],
      [0, 16],
    ],
  ],
  '6': [
    [
      [9, 0],
      [3, 0],
      [0, 6],
      [0, 14],
      [2, 16],
      [8, 16],
      [10, 14],
      [10, 10],
      [8, 8],
      [0, 8],
    ],
  ],
  '7': [
    [
      [0, 0],
      [10, 0],
      [4, 16],
    ],
  ],
  '8': [
    [
      [2, 0],
      [8, 0],
      [10, 2],
      [10, 6],
      [8, 8],
      [2, 8],
      [0, 10],
      [0, 14],
      [2, 16],
      [8, 16],
      [10, 14],
      [10, 10],
      [8, 8],
    ],
    [
      [2, 8],
      [0, 6],
      [0, 2],
      [2, 0],
    ],
  ],
  '9': [
    [
      [10, 8],
      [2, 8],
      [0, 6],
      [0, 2],
      [2, 0],
      [8, 0],
      [10, 2],
      [10, 10],
      [7, 16],
      [1, 16],
    ],
  ],
};

const between = (lo: number, hi: number) => lo + (randomInt(0, 10_001) / 10_000) * (hi - lo);
const color = () => `rgb(${randomInt(20, 120)},${randomInt(20, 120)},${randomInt(20, 120)})`;
const light = () => `rgb(${randomInt(120, 200)},${randomInt(120, 200)},${randomInt(120, 200)})`;
const n = (v: number) => v.toFixed(1);

/** An SVG of the answer's digits; the caller keeps the answer, the client sees only the picture. */
export const captchaSvg = (answer: string) => {
  const parts: string[] = [];
  for (let i = 0; i < 5; i++)
    parts.push(
      `<path d="M${n(between(0, 20))} ${n(between(0, HEIGHT))} Q${n(between(30, 90))} ${n(between(0, HEIGHT))} ${n(between(100, WIDTH))} ${n(between(0, HEIGHT))}" stroke="${light()}" stroke-width="1" fill="none"/>`,
    );
  const cell = WIDTH / answer.length;
  [...answer].forEach((ch, i) => {
    const scale = between(1.5, 1.8);
    const angle = between(-18, 18);
    const x = i * cell + between(4, cell - 10 * scale - 2);
    const y = between(2, HEIGHT - 16 * scale - 2);
    const d = (glyphs[ch] ?? [])
      .map((line) =>
        line
          .map(([px, py], k) => `${k ? 'L' : 'M'}${n(px! + between(-0.6, 0.6))} ${n(py! + between(-0.6, 0.6))}`)
          .join(''),
      )
      .join('');
    parts.push(
      `<path transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)} ${n(5 * scale)} ${n(8 * scale)}) scale(${n(scale)})" d="${d}" stroke="${color()}" stroke-width="${n(between(1.3, 1.8))}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  for (let i = 0; i < 3; i++)
    parts.push(
      `<path d="M${n(between(0, 30))} ${n(between(5, HEIGHT - 5))} L${n(between(90, WIDTH))} ${n(between(5, HEIGHT - 5))}" stroke="${color()}" stroke-width="1" fill="none"/>`,
    );
  for (let i = 0; i < 30; i++)
    parts.push(`<circle cx="${n(between(0, WIDTH))}" cy="${n(between(0, HEIGHT))}" r="1" fill="${light()}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6f8"/>${parts.join('')}</svg>`;
};

/** A new captcha: its id (the login's `randstr`) and picture; the answer stays in the database. */
export const issueCaptcha = async (db: Db) => {
  const answer = Array.from({ length: LENGTH }, () => String(randomInt(0, 10))).join('');
  const randstr = randomUUID();
  await db.insert(loginCaptchas).values({
    id: randstr,
    answer,
    expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`,
  });
  // expired ones are of no use: cleared now and then, not by a timer
  if (randomInt(0, 50) === 0) await db.delete(loginCaptchas).where(lt(loginCaptchas.expiresAt, sql`now()`));
  return {
    randstr,
    image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(answer)).toString('base64')}`,
  };
};

/**
 * Spends a captcha: it is gone after this call whatever the answer, so one picture gives one guess.
 * True only for an unexpired captcha answered right (the `ticket`).
 */
export const redeemCaptcha = async (db: Db, randstr: string, ticket: string) => {
  const [row] = await db
    .delete(loginCaptchas)
    .where(eq(loginCaptchas.id, randstr))
    .returning({ answer: loginCaptchas.answer, live: sql<boolean>`${loginCaptchas.expiresAt} > now()` });
  return !!row && row.live === true && row.answer === ticket.trim();
};
