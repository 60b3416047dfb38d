import { describe, expect, test } from 'bun:test'
import packageJson from '../../../package.json' with { type: 'json' }
import { supportedBun, unsupportedBun } from '../../bun-version'

describe('the supported Bun versions', () => {
  test('package.json names the range, and this Bun is in it', () => {
    expect(packageJson.engines.bun).toBe(supportedBun)
    expect(unsupportedBun(Bun.version)).toBeUndefined()
  })

  test('an older Bun is refused with a sentence naming both versions', () => {
    expect(unsupportedBun('1.3.14', '>=1.3.14')).toBeUndefined()
    expect(unsupportedBun('1.4.5', '>=1.3.14')).toBeUndefined()
    expect(unsupportedBun('1.2.23', '>=1.3.14')).toBe(
      'This site needs Bun ≥ 1.3.14; this is Bun 1.2.23. Upgrade with `bun upgrade` (or `npm install -g bun`), then start again.',
    )
    expect(unsupportedBun('1.3.13', '>=1.3.14')).toContain('this is Bun 1.3.13')
  })
})
