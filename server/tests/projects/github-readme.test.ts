import { describe, expect, test } from 'bun:test'
import { absolutizeReadme, fitDescription, readmeBases } from '../../services/github/readme'

const root = readmeBases(
  'https://github.com/ada/engine/blob/main/README.md',
  'https://raw.githubusercontent.com/ada/engine/main/README.md',
)

describe("a README's relative URLs made absolute", () => {
  test('links go to GitHub pages, images to raw files; anchors and absolute URLs stay', () => {
    const out = absolutizeReadme(
      '# Engine\n\nIntro ![logo](docs/logo.png) [guide](./docs/guide.md) [root](/LICENSE) [top](#usage) [web](https://example.com/x) [mail](mailto:a@example.com)\n',
      root,
      'README.md',
    )
    expect(out).toBe(
      'Intro ![logo](https://raw.githubusercontent.com/ada/engine/main/docs/logo.png) [guide](https://github.com/ada/engine/blob/main/docs/guide.md) [root](https://github.com/ada/engine/blob/main/LICENSE) [top](#usage) [web](https://example.com/x) [mail](mailto:a@example.com)',
    )
  })

  test('reference definitions and raw HTML too', () => {
    const out = absolutizeReadme(
      '![shot][s] [docs][d]\n\n[s]: img/s.png\n[d]: docs/\n\n<p><img src="a.gif" width="40"> <a href=\'CHANGES.md\'>changes</a></p>\n',
      root,
      'README.md',
    )
    expect(out).toContain('[s]: https://raw.githubusercontent.com/ada/engine/main/img/s.png')
    expect(out).toContain('[d]: https://github.com/ada/engine/blob/main/docs/')
    expect(out).toContain(
      '<img src="https://raw.githubusercontent.com/ada/engine/main/a.gif" width="40">',
    )
    expect(out).toContain("<a href='https://github.com/ada/engine/blob/main/CHANGES.md'>")
  })

  test('a README in a folder resolves beside itself; /paths from the repository root', () => {
    const bases = readmeBases(
      'https://github.com/ada/engine/blob/dev/docs/README.md',
      'https://raw.githubusercontent.com/ada/engine/dev/docs/README.md',
    )
    expect(absolutizeReadme('![a](a.png) [up](../x.md) [r](/r.md)', bases, 'docs/README.md')).toBe(
      '![a](https://raw.githubusercontent.com/ada/engine/dev/docs/a.png) [up](https://github.com/ada/engine/blob/dev/x.md) [r](https://github.com/ada/engine/blob/dev/r.md)',
    )
  })

  test('a long README is cut at a paragraph, with a link to the rest', () => {
    const long = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} of the README.`).join('\n\n')
    const fitted = fitDescription(long, 10_000, 'https://github.com/ada/engine#readme')
    expect(fitted.length).toBeLessThanOrEqual(10_000)
    expect(fitted).toEndWith('\n\n[Read the rest on GitHub](https://github.com/ada/engine#readme)')
    expect(fitted).toMatch(/README\.\n\n\[Read/)
    expect(fitDescription('short', 10_000, 'x')).toBe('short')
  })
})
