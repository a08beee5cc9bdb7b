/**
 * Read the CLI's input as bytes and accept it only if it is UTF-8 text.
 * Bad input is a result with a one-line message, not an exception.
 */
import {readFile} from 'node:fs/promises'

/** Markdown text, or why the input was refused. */
export type InputResult = {text: string} | {error: string}

/** Name used for stdin in messages. */
export const stdinName = '<stdin>'

/** Read `input` (a path, or `-` for stdin) and decode it as UTF-8 markdown. */
export async function readMarkdown(input: string): Promise<InputResult> {
  let bytes: Uint8Array
  try {
    bytes = input === '-' ? await readStdin() : await readFile(input)
  } catch (error) {
    return {error: `${input}: ${readErrorReason(error)}`}
  }
  return decodeMarkdown(bytes, input === '-' ? stdinName : input)
}

/** Decode `bytes` as UTF-8, refusing binary data and invalid sequences. */
export function decodeMarkdown(bytes: Uint8Array, name: string): InputResult {
  // Text never holds NUL; images, archives and UTF-16 files nearly always do.
  const nul = bytes.indexOf(0)
  if (nul >= 0) {
    return {error: `${name}: looks like a binary file (NUL byte at offset ${nul}); expected UTF-8 markdown`}
  }
  try {
    // A leading BOM is dropped, as browsers do.
    return {text: new TextDecoder('utf-8', {fatal: true}).decode(bytes)}
  } catch {
    const offset = firstInvalidByte(bytes)
    const line = countLines(bytes.subarray(0, offset))
    return {error: `${name}: invalid UTF-8 at byte ${offset} (line ${line}); expected UTF-8 markdown`}
  }
}

/**
 * Offset of the first byte of the first invalid sequence. The lenient decoder
 * puts U+FFFD there; a U+FFFD that was really in the input (EF BF BD) is skipped.
 */
function firstInvalidByte(bytes: Uint8Array): number {
  // `ignoreBOM` keeps a BOM in the text so string offsets map back to bytes.
  const text = new TextDecoder('utf-8', {ignoreBOM: true}).decode(bytes)
  const encoder = new TextEncoder()
  for (let index = text.indexOf('\uFFFD'); index >= 0; index = text.indexOf('\uFFFD', index + 1)) {
    const offset = encoder.encode(text.slice(0, index)).length
    if (bytes[offset] !== 0xef || bytes[offset + 1] !== 0xbf || bytes[offset + 2] !== 0xbd) return offset
  }
  return bytes.length
}

function countLines(bytes: Uint8Array): number {
  let lines = 1
  for (const byte of bytes) if (byte === 10) lines++
  return lines
}

function readErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EISDIR') return 'is a directory, expected a markdown file'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  return error instanceof Error ? error.message : String(error)
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
