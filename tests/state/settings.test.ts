import {describe, expect, it} from 'vitest'
import {clampFontSize, clampSplitRatio, defaultSettings, nextTheme, parseSettings} from '../../src/state/settings.ts'

describe('settings', () => {
  it('should cycle the theme through system, light and dark', () => {
    expect([nextTheme('system'), nextTheme('light'), nextTheme('dark')]).toEqual(['light', 'dark', 'system'])
  })

  it('should keep the split ratio and font size in range', () => {
    expect(clampSplitRatio(0.01)).toBe(0.15)
    expect(clampSplitRatio(0.99)).toBe(0.85)
    expect(clampSplitRatio(Number.NaN)).toBe(0.5)
    expect(clampFontSize(13.6)).toBe(14)
    expect(clampFontSize(100)).toBe(24)
  })

  it('should read stored settings, replacing what is missing or invalid', () => {
    expect(parseSettings(undefined)).toEqual(defaultSettings)
    expect(parseSettings({theme: 'dark', splitRatio: 2, fontSize: 'big'})).toEqual({theme: 'dark', splitRatio: 0.85, fontSize: 14})
    expect(parseSettings({theme: 'purple'}).theme).toBe('system')
  })
})
