/**
 * Write a brotli (`.br`) and a gzip (`.gz`) copy beside each file of the
 * build that compresses, at the highest levels: it is done once per build,
 * and the server then sends the copies as they are (server/static.ts).
 */
import {readdir, readFile, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {promisify} from 'node:util'
import {brotliCompress, constants, gzip} from 'node:zlib'
import {COMPRESSIBLE_EXTENSIONS} from './static.ts'

/** Files smaller than this go as they are: the headers would outweigh the saving. */
export const MIN_COMPRESS_BYTES = 1024

/** The sizes of one file and of its copies (`undefined`: not written, as it was no smaller). */
export interface Compressed {
  /** Relative to the folder, with `/`. */
  file: string
  raw: number
  gzip: number | undefined
  brotli: number | undefined
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Compress every compressible file under `dir`, except in the `skip` folders; the sizes, largest first. */
export async function precompressDir(dir: string, skip: readonly string[] = []): Promise<Compressed[]> {
  const files = (await readdir(dir, {recursive: true, withFileTypes: true}))
    .filter((entry) => entry.isFile() && COMPRESSIBLE_EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !skip.some((folder) => file.startsWith(path.join(dir, folder) + path.sep)))
  const results: Compressed[] = []
  // zlib runs on libuv's thread pool: a few files at once use every core.
  let next = 0
  const work = async () => {
    while (next < files.length) {
      const result = await compressFile(files[next++]!, dir)
      if (result) results.push(result)
    }
  }
  await Promise.all(Array.from({length: 4}, work))
  return results.sort((a, b) => b.raw - a.raw)
}

async function compressFile(file: string, dir: string): Promise<Compressed | undefined> {
  const raw = await readFile(file)
  if (raw.length < MIN_COMPRESS_BYTES) return undefined
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, {level: constants.Z_BEST_COMPRESSION}),
  ])
  // A copy no smaller than the file would only cost the client time.
  const keep = (copy: Buffer) => copy.length < raw.length
  if (keep(br)) await writeFile(`${file}.br`, br)
  if (keep(gz)) await writeFile(`${file}.gz`, gz)
  return {
    file: path.relative(dir, file).split(path.sep).join('/'),
    raw: raw.length,
    gzip: keep(gz) ? gz.length : undefined,
    brotli: keep(br) ? br.length : undefined,
  }
}
