import {createStore} from 'jotai'

/** The app's one Jotai store, shared by React and by code outside it (renderer, persistence). */
export const store = createStore()
