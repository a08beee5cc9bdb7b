import {expose} from 'comlink'
import {api} from './api.ts'
import {warmGrammarsAhead} from './highlighter.ts'
import {startDefaultPool} from './pool-size.ts'

startDefaultPool()
warmGrammarsAhead()
expose(api)
