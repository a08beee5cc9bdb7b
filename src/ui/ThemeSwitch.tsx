/** The theme switch: system, light, dark. */
import {useAtom} from 'jotai'
import {nextTheme, settingsAtom, type ThemeSetting} from '../state/settings.ts'
import {MoonIcon, SunIcon, SystemIcon} from './icons.tsx'

const labels: Record<ThemeSetting, string> = {system: 'System theme', light: 'Light theme', dark: 'Dark theme'}

/** A button that cycles the theme. */
export function ThemeSwitch() {
  const [settings, setSettings] = useAtom(settingsAtom)
  const {theme} = settings
  const next = nextTheme(theme)
  return (
    <button
      type="button"
      className="button icon-button theme-switch"
      data-theme-setting={theme}
      title={`${labels[theme]} (switch to ${labels[next].toLowerCase()})`}
      aria-label={`${labels[theme]}; switch to ${labels[next].toLowerCase()}`}
      onClick={() => setSettings((prev) => ({...prev, theme: next}))}
    >
      {theme === 'light' ? <SunIcon /> : theme === 'dark' ? <MoonIcon /> : <SystemIcon />}
    </button>
  )
}
