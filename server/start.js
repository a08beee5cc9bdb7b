/**
 * `npm start`, in plain JavaScript so that Node runs it without a TypeScript
 * loader. Where the devDependencies are installed, it first builds when
 * `dist/` is older than the sources (server/build.ts); then it runs the
 * compiled server, `dist/server/index.js`. A production install
 * (`npm ci --omit=dev`) only runs the server built before.
 */
import {spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const tsx = new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url)
const built = new URL('../dist/server/index.js', import.meta.url)

if (existsSync(tsx) && existsSync(new URL('build.ts', import.meta.url))) {
  const {status} = spawnSync(process.execPath, [fileURLToPath(tsx), 'server/build.ts', '--if-stale'], {cwd: root, stdio: 'inherit'})
  if (status !== 0) process.exit(status ?? 1)
} else if (!existsSync(built)) {
  console.error('There is no built server in dist/. Run `npm run build` where the devDependencies are installed, then start again.')
  process.exit(1)
}

const {run} = await import(built.href)
run()
