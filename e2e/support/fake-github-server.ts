/**
 * The fake GitHub API (server/tests/support/fake-github.ts) as a process of its own
 * for the Playwright journey: `bun e2e/support/fake-github-server.ts <port>`.
 * The user `ada` has three public repositories, with languages and READMEs
 * (one with an image beside it, made absolute on import).
 */
import { createFakeGitHub } from '../../server/tests/support/fake-github'

const fake = createFakeGitHub({ pageSize: 2 })
fake.put({
  owner: 'ada',
  name: 'analytical-engine',
  description: 'A general-purpose mechanical computer, in TypeScript.',
  stars: 1843,
  forks: 212,
  open_issues: 9,
  language: 'TypeScript',
  languages: { TypeScript: 61_000, Rust: 24_000, CSS: 9_000, Shell: 4_000, Dockerfile: 2_000 },
  topics: ['computing', 'simulation'],
  license: { spdx_id: 'MIT', name: 'MIT License' },
  pushed_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  homepage: 'https://engine.example.com',
  readme: [
    '# Analytical Engine',
    '',
    'A simulator of the **Analytical Engine**, with the [mill and store](docs/design.md).',
    '',
    '## Usage',
    '',
    '```sh',
    'bun run engine --program note-g',
    '```',
    '',
    'Read the [licence](LICENSE).',
  ].join('\n'),
})
fake.put({
  owner: 'ada',
  name: 'note_g',
  description: 'The first published algorithm, computing Bernoulli numbers.',
  stars: 96,
  forks: 4,
  language: 'Python',
  languages: { Python: 9_000, 'Jupyter Notebook': 3_000 },
  topics: ['algorithms'],
  license: null,
  archived: true,
  pushed_at: '2025-03-14T09:26:53Z',
  readme: '# Note G\n\nThe table of the notes, as [published](notes/table.md).\n',
  readme_path: 'README.md',
})
fake.put({
  owner: 'ada',
  name: 'dotfiles',
  description: 'My shell settings.',
  stars: 2,
  language: 'Shell',
  languages: { Shell: 100 },
  fork: true,
  pushed_at: '2024-01-01T00:00:00Z',
})

const served = fake.serve(Number(process.argv[2] ?? 0))
console.log(served.url)
process.on('SIGTERM', () => {
  served.stop()
  process.exit(0)
})
