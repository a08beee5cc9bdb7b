// Two patches in patches/, applied by patch-package on install, take the
// per-parse set-up out of the pipeline, which a render session runs once per
// block (opening or streaming a long document runs it thousands of times).
// Rendering is the same without them, so only these tests notice when one is
// not applied. Their figures are in the commit that kept them.
import type {Extension as FromMarkdownExtension} from 'mdast-util-from-markdown'
import type {Extension as SyntaxExtension} from 'micromark-util-types'
import {expect, it} from 'vitest'
import {createProcessor} from '../../workers/pipeline.ts'

const documents = ['A *paragraph*.', '# A heading\n\n- a [link](x)', '> a quote\n\n    code']

it('should combine the syntax extensions once per processor (micromark patch)', () => {
  const processor = createProcessor().freeze()
  let combined = 0
  // micromark's combineExtensions reads every hook of every extension.
  const counter: SyntaxExtension = {
    get text() {
      combined++
      return {}
    },
  }
  processor.data('micromarkExtensions')!.push(counter)
  for (const document of documents) processor.parse(document)
  expect(combined).toBe(1)
})

it('should build the mdast compiler once per processor (mdast-util-from-markdown patch)', () => {
  const processor = createProcessor().freeze()
  let built = 0
  // The compiler's configure reads every field of every extension.
  const counter: FromMarkdownExtension = {
    get canContainEols() {
      built++
      return []
    },
  }
  processor.data('fromMarkdownExtensions')!.push(counter)
  for (const document of documents) processor.parse(document)
  expect(built).toBe(1)
})

it('should give the mdast handlers one context per tokenizer, not a copy per token (mdast-util-from-markdown patch)', () => {
  const processor = createProcessor().freeze()
  const contexts = new Set<unknown>()
  let tokens = 0
  processor.data('fromMarkdownExtensions')!.push({
    afterExit() {
      contexts.add(this)
      tokens++
    },
  })
  processor.parse(documents.join('\n\n'))
  expect(tokens).toBeGreaterThan(20)
  expect(contexts.size).toBeLessThan(tokens / 2)
})
