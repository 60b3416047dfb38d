import { expect, test } from 'bun:test'
import { backupFileName } from './backup-name'

test('a backup is named by its UTC time to the second', () => {
  expect(backupFileName(new Date('2024-03-05T07:08:09.123Z'))).toBe('backup-20240305-070809.json')
  expect(backupFileName(new Date('2031-12-31T23:59:59Z'))).toBe('backup-20311231-235959.json')
})
