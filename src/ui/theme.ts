/** Apply the theme setting to `<html data-theme>`; no attribute means "follow the system". */
import {settingsAtom} from '../state/settings.ts'
import type {store as appStore} from '../state/store.ts'

/** Keep `<html data-theme>` in step with the settings; returns a stop function. */
export function startThemeSync(store: typeof appStore): () => void {
  const apply = () => {
    const {theme} = store.get(settingsAtom)
    if (theme === 'system') delete document.documentElement.dataset.theme
    else document.documentElement.dataset.theme = theme
  }
  apply()
  return store.sub(settingsAtom, apply)
}
