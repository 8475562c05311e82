import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';

/** An xlsx's zip and its parts as streams of bytes or text, for the scanners in xlsx-read.ts. */

/** inflated bytes allowed for the small parts (workbook, rels, styles), kept in memory */
const SMALL_LIMIT = 16 << 20;
/** text carried between inflated pieces waiting for a closing tag: one row or string this big is refused */
export const CARRY_LIMIT = 64 << 20;
/** inflated piece size: fewer rows split between two pieces */
const PIECE = 1 << 20;

export type Zip = { file: ZipFile; entries: Map<string, Entry> };

export const openZip = async (buf: Buffer): Promise<Zip> => {
  const file = await fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: true }).catch((err: unknown) => {
    throw new Error(`zip: ${err instanceof Error ? err.message : String(err)}`);
  });
  const entries = new Map<string, Entry>();
  for await (const e of file.eachEntry()) entries.set(e.fileName.toLowerCase(), e);
  return { file, entries };
};

/** SpreadsheetML's main namespace, transitional and strict */
const MAIN_NS =
  /\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*["'](?:http:\/\/schemas\.openxmlformats\.org\/spreadsheetml\/2006\/main|http:\/\/purl\.oclc\.org\/ooxml\/spreadsheetml\/main)["']/;

/**
 * A part whose root element binds the main namespace to a prefix (`<x:worksheet xmlns:x=…>`, as
 * the .NET OpenXML SDK writes) comes out with that prefix dropped from its tags (`<x:row>` →
 * `<row>`), so the scanners see the usual markup; other prefixes (x14ac:, mc:) are kept. Text
 * never holds a raw '<', so only markup is touched.
 */
async function* unprefixed(pieces: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let tag: RegExp | null = null;
  let hold = 0;
  let first = true;
  let carry = Buffer.alloc(0);
  for await (const piece of pieces) {
    if (first) {
      first = false;
      // the declaration is on the root element, at the head of the first piece
      const head = piece.toString('latin1', 0, 64 * 1024);
      const root = /<[A-Za-z_][^>]*>/.exec(head)?.[0];
      const prefix = root ? MAIN_NS.exec(root)?.[1] : undefined;
      if (prefix) {
        tag = new RegExp(`<(/?)${prefix.replace(/[.]/g, '\\.')}:`, 'g');
        hold = prefix.length + 2;
      }
    }
    if (!tag) {
      yield piece;
      continue;
    }
    const s = carry.length ? Buffer.concat([carry, piece]) : piece;
    // a tag name cut at the end of the piece waits for the next one
    const lt = s.lastIndexOf(60);
    const cut = lt >= 0 && s.length - lt <= hold && s.indexOf(62, lt) < 0 ? lt : s.length;
    carry = Buffer.from(s.subarray(cut));
    // latin1 maps bytes to characters one to one, so UTF-8 text passes through unchanged
    yield Buffer.from(s.toString('latin1', 0, cut).replace(tag, '<$1'), 'latin1');
  }
  if (carry.length) yield carry;
}

/**
 * A part's bytes, piece by piece as it inflates (zlib works on the thread pool meanwhile). yauzl
 * finds the part's data (local header, ZIP64 sizes); it is inflated here in 1 MB pieces, where
 * yauzl's 16 KB ones cost the scanner a quarter more time, and checked against the size the
 * central directory gives, as yauzl would.
 */
async function* inflated(zip: Zip, e: Entry, limit: number): AsyncGenerator<Buffer> {
  if (e.isEncrypted()) throw new Error('zip: encrypted part');
  if (e.compressionMethod !== 0 && e.compressionMethod !== 8)
    throw new Error(`zip: compression method ${e.compressionMethod}`);
  const raw = await zip.file.openReadStreamPromise(e, { decodeFileData: false });
  const stream = e.compressionMethod === 8 ? raw.pipe(createInflateRaw({ chunkSize: PIECE })) : raw;
  // pipe() does not pass a source's error on: the loop below would wait for ever
  if (stream !== raw) raw.once('error', (err) => stream.destroy(err));
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) throw new Error('xlsx: part too large');
      if (total > e.uncompressedSize) throw new Error('zip: part larger than its stated size');
      yield chunk;
    }
    if (total !== e.uncompressedSize) throw new Error('zip: part smaller than its stated size');
  } finally {
    stream.destroy();
    raw.destroy();
  }
}

export const partBytes = (zip: Zip, e: Entry, limit: number) => unprefixed(inflated(zip, e, limit));

export async function* partText(zip: Zip, e: Entry, limit: number): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const piece of partBytes(zip, e, limit)) yield decoder.write(piece);
  const rest = decoder.end();
  if (rest) yield rest;
}

export const wholeText = async (zip: Zip, e: Entry | undefined) => {
  let s = '';
  if (e) for await (const piece of partText(zip, e, SMALL_LIMIT)) s += piece;
  return s;
};

/** Hands `parse` the text up to the last `close` seen, so it only ever sees whole elements. */
export const eachWhole = async (pieces: AsyncIterable<string>, close: string, parse: (s: string) => void) => {
  let carry = '';
  for await (const piece of pieces) {
    const s = carry + piece;
    const end = s.lastIndexOf(close);
    if (end < 0) {
      if (s.length > CARRY_LIMIT) throw new Error('xlsx: element too large');
      carry = s;
      continue;
    }
    parse(s.slice(0, end + close.length));
    carry = s.slice(end + close.length);
  }
  parse(carry);
};
