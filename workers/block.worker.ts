import {expose} from 'comlink'
import {blockApi} from './block-api.ts'

expose(blockApi)
