/**
 * `npm run build`: the app with Vite into `dist/`, brotli and gzip copies of
 * what compresses, then the server compiled to plain JavaScript in
 * `dist/server/`, so that `npm start` runs with Node alone. With
 * `--if-stale` (what `npm start` runs first), only when `dist/` is older
 * than a source. Runs at build time, never in the built server.
 */
import {spawn} from 'node:child_process'
import {cp, readdir, stat} from 'node:fs/promises'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {precompressDir, type Compressed} from './precompress.ts'

/** What goes into the build, relative to the repository root. Folders are walked. */
export const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.worker.json',
  'tsconfig.node.json',
  'package.json',
  'package-lock.json',
  'src',
  'workers',
  'shared',
  'server',
  'public',
  'scripts',
]

/** The compiled server, relative to the root: written last, so its time is the build's. */
export const BUILT_SERVER = 'dist/server/index.js'

/** Whether the built server is missing or older than any build input (or folder, so deletions count). */
export async function isBuildStale(root: string): Promise<boolean> {
  const built = await mtime(path.join(root, BUILT_SERVER))
  if (built === undefined) return true
  for (const input of BUILD_INPUTS) {
    if ((await newest(path.join(root, input))) > built) return true
  }
  return false
}

/** Build the app, its compressed copies and the server into `root/dist/`. */
export async function buildAll(root: string): Promise<Compressed[]> {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  // A child process: the app build's memory is gone before the rest runs.
  const code = await new Promise<number | null>((resolve, reject) => {
    spawn(process.execPath, [vite, 'build'], {cwd: root, stdio: 'inherit'}).on('error', reject).on('exit', resolve)
  })
  if (code !== 0) throw new Error(`\`vite build\` failed with exit code ${code}`)
  const compressed = await precompressDir(path.join(root, 'dist'), ['server'])
  await buildServer(root)
  return compressed
}

/**
 * Compile `server/index.ts` and what it imports from `server/` and `shared/`
 * into one ES module; packages stay imports, resolved from `node_modules`
 * (the `dependencies` of package.json). The replay model's answers go
 * beside it, where it reads them.
 */
export async function buildServer(root: string, outDir = path.join(root, 'dist', 'server')): Promise<void> {
  const {build} = await import('vite')
  await cp(path.join(root, 'server', 'models', 'answers'), path.join(outDir, 'answers'), {recursive: true})
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'server', 'index.ts'),
      outDir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      copyPublicDir: false,
      rollupOptions: {output: {entryFileNames: 'index.js'}},
    },
  })
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
  let stats: Awaited<ReturnType<typeof stat>>
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

function formatKb(bytes: number | undefined): string {
  return bytes === undefined ? '-' : `${(bytes / 1024).toFixed(1)} kB`
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url))
  if (process.argv.includes('--if-stale') && !(await isBuildStale(root))) return
  const compressed = await buildAll(root)
  const total = (key: 'raw' | 'gzip' | 'brotli') => compressed.reduce((sum, item) => sum + (item[key] ?? item.raw), 0)
  console.log(`\nCompressed ${compressed.length} files: ${formatKb(total('raw'))}, gzip ${formatKb(total('gzip'))}, brotli ${formatKb(total('brotli'))}`)
  for (const item of compressed.slice(0, 5)) {
    console.log(`  ${item.file}: ${formatKb(item.raw)}, gzip ${formatKb(item.gzip)}, brotli ${formatKb(item.brotli)}`)
  }
  console.log(`Compiled the server into ${BUILT_SERVER}.`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
