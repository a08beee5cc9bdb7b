import {expose} from 'comlink'
import {api} from './api.ts'

expose(api)
