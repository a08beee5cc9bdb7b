import react from '@vitejs/plugin-react'
import {defaultClientConditions} from 'vite'
import {defineConfig} from 'vitest/config'
import {samplesPlugin} from './scripts/vite-plugin-samples.ts'
import {chatServerPlugin} from './server/vite-plugin.ts'

/** Tests that drive Chromium. */
const browserTests = ['tests/e2e/**/*.test.ts', 'tests/**/*.browser.test.ts']

export default defineConfig({
  // The generated benchmark samples (`/samples/large-*.md`): see shared/gen-samples.ts.
  plugins: [react(), samplesPlugin(), chatServerPlugin()],
  // The worker has no `document`. `hast-util-from-html-isomorphic` (used by
  // rehype-katex) and `decode-named-character-reference` list a `worker`
  // export before `browser`, so this condition makes them pick the build that
  // runs without one. Vite 8 bundles workers with the client environment's
  // resolve options (`worker.plugins` cannot change them), so it is set here;
  // no main-thread dependency has a `worker` export that differs.
  // Checked by tests/workers/worker.browser.test.ts.
  resolve: {conditions: ['worker', ...defaultClientConditions]},
  // The default, 'iife', inlines every lazy grammar into one worker file.
  worker: {format: 'es'},
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // `npm run test:unit` and `npm run test:e2e` run one each; `npm test` both.
    projects: [
      {extends: true, test: {name: 'unit', include: ['tests/**/*.test.ts'], exclude: browserTests}},
      {extends: true, test: {name: 'e2e', include: browserTests, globalSetup: ['tests/e2e/global-setup.ts']}},
    ],
  },
})
