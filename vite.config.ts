import react from '@vitejs/plugin-react'
import {defineConfig} from 'vitest/config'

// `worker` comes first so that packages with a DOM build (for example
// `hast-util-from-html-isomorphic`, used by rehype-katex) pick the one that
// runs without `document` inside the worker.
const workerConditions = ['worker', 'module', 'browser', 'production', 'import', 'default']

export default defineConfig({
  plugins: [react()],
  worker: {
    // The default, 'iife', inlines every lazy grammar into one worker file.
    format: 'es',
    rollupOptions: {output: {entryFileNames: 'assets/[name]-[hash].js'}},
  },
  resolve: {conditions: workerConditions},
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
