import react from '@vitejs/plugin-react'
import {defaultClientConditions} from 'vite'
import {defineConfig} from 'vitest/config'
import {samplesPlugin} from './scripts/vite-plugin-samples.ts'
import {chatServerPlugin} from './server/vite-plugin.ts'

/** Tests that drive Chromium. */
const browserTests = ['tests/e2e/**/*.test.ts', 'tests/**/*.browser.test.ts']
/**
 * Tests that hold a figure to a bound that a busy machine would break
 * (a task's CPU time, frames and a click's wall time on the page): they run
 * alone, after the others, which run three files at a time.
 * Bounds on work elsewhere are held to CPU time.
 */
const timedBrowserTests = ['tests/e2e/hostile.test.ts']
const appBuild = ['tests/e2e/global-setup.ts']
/**
 * Tests that assert what a fresh worker has not done yet (a grammar not
 * loaded, patterns not compiled), or replace a module: each runs in a
 * process of its own, where the others share theirs.
 */
const freshProcessTests = [
  'tests/workers/highlighter.test.ts',
  'tests/workers/grammar-warmup.test.ts',
  'tests/workers/incremental/progressive-render.test.ts',
  'tests/workers/pool-size.test.ts',
]

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
    // One more file than cores: browser tests spend part of their time
    // waiting on pages and streams, and a third file keeps both cores busy.
    maxWorkers: 3,
    // Test files share their processes: what they import loads once per process, not once per file.
    isolate: false,
    // `npm run test:unit` runs the `unit` projects, `npm run test:e2e` the `e2e` ones, `npm test` all.
    // Within a group Vitest runs the projects in the order of their names, each's longest files first:
    // `unit-fresh` before `unit-shared` keeps its long files from running alone at the end.
    projects: [
      {extends: true, test: {name: 'unit-shared', include: ['tests/**/*.test.ts'], exclude: [...browserTests, ...freshProcessTests]}},
      {extends: true, test: {name: 'unit-fresh', include: freshProcessTests, isolate: true}},
      {extends: true, test: {name: 'e2e', include: browserTests, exclude: timedBrowserTests, globalSetup: appBuild}},
      {extends: true, test: {name: 'e2e-timed', include: timedBrowserTests, globalSetup: appBuild, maxWorkers: 1, sequence: {groupOrder: 1}}},
    ],
  },
})
