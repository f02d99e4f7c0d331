// How sgp reads its input files: at most MAX_INPUT_BYTES, strict UTF-8 (a bad byte is named by its offset).
import { readFile, stat } from 'node:fs/promises';
import { MAX_INPUT_BYTES } from '../core/limits.ts';
import { decodeUtf8 } from '../core/util/utf8.ts';

/** A file as strict UTF-8 text, at most MAX_INPUT_BYTES (the error's message names the limit or the bad byte's offset). */
export async function readInput(path: string): Promise<string> {
  const tooBig = () => Object.assign(new Error(`larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB, the most sgp reads`), { code: 'EFBIG' });
  const info = await stat(path);
  if (info.isFile() && info.size > MAX_INPUT_BYTES) throw tooBig();
  const bytes = await readFile(path);
  if (bytes.length > MAX_INPUT_BYTES) throw tooBig();
  const text = decodeUtf8(bytes);
  if (!text.ok) throw Object.assign(new Error(text.message), { code: 'EILSEQ' });
  return text.text;
}
