/**
 * The covers' own thread (server/og/cover-thread.ts): what `/covers/…`
 * answers is drawn there. The same SVG as drawn in place; a cover that
 * fails or takes too long fails alone and the next one is drawn; the
 * thread stops when idle and starts again for the next cover.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { type Cover, renderCover } from '../../og/cover'
import { faces, woff2ToTruetype } from '../../og/cover-text'
import { type CoverThread, createCoverThread } from '../../og/cover-thread'

const cover: Cover = {
  title: 'A tool people use',
  tags: ['TypeScript', 'Bun'],
  accent: '#0f766e',
  seed: 'a-tool-people-use',
  style: 'editorial',
}

let thread: CoverThread | undefined
afterEach(() => thread?.stop())

describe('the faces, turned back into TrueType', () => {
  test('three files at once: each its own bytes, as when turned one by one', async () => {
    const fontsource = dirname(require.resolve('@fontsource-variable/inter/package.json'))
    const files = [faces.minimal.files[0], faces.editorial.files[0], faces.bold.files[0]]
    const woff2 = await Promise.all(files.map((file) => readFile(join(fontsource, '..', file))))
    const atOnce = await Promise.all(woff2.map((bytes) => woff2ToTruetype(bytes)))
    const oneByOne: Buffer[] = []
    for (const bytes of woff2) oneByOne.push(await woff2ToTruetype(bytes))
    expect(atOnce.map((ttf) => ttf.length)).toEqual(oneByOne.map((ttf) => ttf.length))
    for (const [index, ttf] of atOnce.entries()) {
      expect(ttf.equals(oneByOne[index] as Buffer)).toBe(true)
    }
    // TrueType: the sfnt version 1.0 (or 'true').
    expect(oneByOne.map((ttf) => ttf.readUInt32BE(0))).toEqual([0x10000, 0x10000, 0x10000])
  })
})

describe('covers drawn on their own thread', () => {
  test('covers in three styles at once, on a new thread: each drawn as alone, as drawn in place', async () => {
    // A new thread loads every face at once: the first use, where two
    // decompressions at a time once gave one face the other's bytes.
    const covers = (['minimal', 'editorial', 'bold'] as const).map((style, index) => ({
      ...cover,
      title: `${style} cover ${index}`,
      style,
    }))
    thread = createCoverThread()
    const atOnce = await Promise.all(covers.map((each) => thread?.render(each)))
    thread.stop()
    thread = createCoverThread()
    const oneByOne: string[] = []
    for (const each of covers) oneByOne.push(await thread.render(each))
    expect(atOnce).toEqual(oneByOne)
    expect(oneByOne[0]).toStartWith('<svg')
    expect(oneByOne).toEqual(await Promise.all(covers.map((each) => renderCover(each))))
    expect(thread.running()).toBe(true)
  }, 30_000)

  test('a cover that fails fails alone: its error, and the next cover is drawn', async () => {
    thread = createCoverThread()
    const broken = { ...cover, tags: null } as unknown as Cover
    const failing = thread.render(broken)
    const next = thread.render(cover)
    await expect(failing).rejects.toThrow(/null/)
    expect(await next).toBe(await renderCover(cover))
  }, 30_000)

  test('a cover that takes too long fails, and a new thread draws the next one', async () => {
    thread = createCoverThread({ timeoutMs: 1 })
    await expect(thread.render(cover)).rejects.toThrow('A cover took longer than 1 ms.')
    expect(thread.running()).toBe(false)
    thread.stop()
    thread = createCoverThread()
    expect(await thread.render(cover)).toBe(await renderCover(cover))
  }, 30_000)

  test('idle, the thread stops; the next cover starts it again', async () => {
    thread = createCoverThread({ idleMs: 50 })
    await thread.render(cover)
    expect(thread.running()).toBe(true)
    await Bun.sleep(200)
    expect(thread.running()).toBe(false)
    expect(await thread.render({ ...cover, title: 'Drawn again' })).toBe(
      await renderCover({ ...cover, title: 'Drawn again' }),
    )
    expect(thread.running()).toBe(true)
  }, 30_000)

  test('stopped with covers under way: they fail, and say so', async () => {
    thread = createCoverThread()
    const underWay = thread.render(cover)
    thread.stop()
    await expect(underWay).rejects.toThrow('The covers thread stopped.')
  })
})
