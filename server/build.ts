/**
 * Build the app before `npm start` serves it, unless `dist/` is newer than
 * everything that goes into the build.
 */
import {spawn} from 'node:child_process'
import {readdir, stat} from 'node:fs/promises'
import path from 'node:path'

/** What goes into the build, relative to the repository root. Folders are walked. */
export const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.worker.json',
  'package.json',
  'package-lock.json',
  'src',
  'workers',
  'shared',
  'public',
  'scripts',
]

/** Whether `dist/index.html` is missing or older than any build input (or folder, so deletions count). */
export async function isBuildStale(root: string): Promise<boolean> {
  const built = await mtime(path.join(root, 'dist', 'index.html'))
  if (built === undefined) return true
  for (const input of BUILD_INPUTS) {
    if ((await newest(path.join(root, input))) > built) return true
  }
  return false
}

/** Run `vite build` in a child process if the build is stale; resolves to whether it built. */
export async function buildIfNeeded(root: string): Promise<boolean> {
  if (!(await isBuildStale(root))) return false
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  // A child process: the build's memory is gone before the server starts.
  const code = await new Promise<number | null>((resolve, reject) => {
    spawn(process.execPath, [vite, 'build'], {cwd: root, stdio: 'inherit'}).on('error', reject).on('exit', resolve)
  })
  if (code !== 0) throw new Error(`\`vite build\` failed with exit code ${code}`)
  return true
}

async function mtime(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs
  } catch {
    return undefined
  }
}

/** The newest modification time of a file, or of a folder and everything in it. */
async function newest(file: string): Promise<number> {
  let stats
  try {
    stats = await stat(file)
  } catch {
    return 0
  }
  if (!stats.isDirectory()) return stats.mtimeMs
  let latest = stats.mtimeMs
  for (const entry of await readdir(file)) latest = Math.max(latest, await newest(path.join(file, entry)))
  return latest
}
