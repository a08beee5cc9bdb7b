/** Settings the user picks (persisted) and the view they are on. */
import {atom} from 'jotai'

/** `system` follows the operating system's light or dark preference. */
export type ThemeSetting = 'system' | 'light' | 'dark'

/** The three views of the app. */
export type View = 'editor' | 'chat' | 'bench'

/** Everything that is saved between visits. */
export interface Settings {
  theme: ThemeSetting
  /** Share of the width that the editor takes, between 0.15 and 0.85. */
  splitRatio: number
  /** Editor and preview font size in CSS pixels. */
  fontSize: number
}

/** What a first visit starts with. */
export const defaultSettings: Settings = {theme: 'system', splitRatio: 0.5, fontSize: 14}

/** The preview's font size in CSS pixels: two more than the editor's. */
export function previewFontSize(settings: Settings): number {
  return settings.fontSize + 2
}

/** The user's settings. */
export const settingsAtom = atom<Settings>(defaultSettings)

/** The view shown below the header. */
export const viewAtom = atom<View>('editor')

const darkQuery = '(prefers-color-scheme: dark)'

/** Whether the system prefers dark; follows changes while mounted. */
export const systemDarkAtom = atom(typeof matchMedia === 'function' && matchMedia(darkQuery).matches)
systemDarkAtom.onMount = (set) => {
  const query = matchMedia(darkQuery)
  const listener = () => set(query.matches)
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

/** The theme in effect once `system` is resolved. */
export const resolvedThemeAtom = atom((get): 'light' | 'dark' => {
  const {theme} = get(settingsAtom)
  return theme === 'system' ? (get(systemDarkAtom) ? 'dark' : 'light') : theme
})

/** The theme after `theme` in the switch's cycle: system, light, dark. */
export function nextTheme(theme: ThemeSetting): ThemeSetting {
  return theme === 'system' ? 'light' : theme === 'light' ? 'dark' : 'system'
}

/** `ratio` kept where both panes stay usable. */
export function clampSplitRatio(ratio: number): number {
  if (!Number.isFinite(ratio)) return defaultSettings.splitRatio
  return Math.min(0.85, Math.max(0.15, ratio))
}

/** `size` rounded and kept between 10 and 24. */
export function clampFontSize(size: number): number {
  if (!Number.isFinite(size)) return defaultSettings.fontSize
  return Math.min(24, Math.max(10, Math.round(size)))
}

/** Settings read from storage, with anything missing or invalid replaced by the default. */
export function parseSettings(value: unknown): Settings {
  const input = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof Settings, unknown>>
  const theme = input.theme === 'light' || input.theme === 'dark' || input.theme === 'system' ? input.theme : defaultSettings.theme
  return {
    theme,
    splitRatio: typeof input.splitRatio === 'number' ? clampSplitRatio(input.splitRatio) : defaultSettings.splitRatio,
    fontSize: typeof input.fontSize === 'number' ? clampFontSize(input.fontSize) : defaultSettings.fontSize,
  }
}
