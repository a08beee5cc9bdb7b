/**
 * `npm install` runs this: it applies the patches in patches/ with
 * patch-package. patch-package is a devDependency, so a production install
 * (`npm ci --omit=dev`) does not have it, and needs no patches: the patched
 * parser runs only in the build's bundles and in the CLI, not in the server.
 */
import {spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const cli = new URL('../node_modules/patch-package/index.js', import.meta.url)
if (!existsSync(cli)) {
  console.log('patch-package is not installed (a production install): patches/ is left unapplied; the built server does not need it.')
} else {
  const {status} = spawnSync(process.execPath, [fileURLToPath(cli)], {stdio: 'inherit'})
  process.exitCode = status ?? 1
}
