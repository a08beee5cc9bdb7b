import {expose} from 'comlink'
import {benchApi} from './bench-api.ts'
import {warmGrammarsAhead} from './highlighter.ts'
import {startDefaultPool} from './pool-size.ts'

startDefaultPool()
warmGrammarsAhead()
expose(benchApi)
