import { describe, expect, test } from 'bun:test'
import { githubUserFromUrl, parseRepoName, readableRepoName, repoNameFromUrl } from './github'

describe('GitHub names', () => {
  test('a repository URL names its owner and repository, in any case and form', () => {
    for (const url of [
      'https://github.com/Ada/Engine',
      'https://www.github.com/Ada/Engine/',
      'https://github.com/Ada/Engine.git',
      'https://github.com/Ada/Engine/tree/main/src',
    ]) {
      expect(repoNameFromUrl(url)).toEqual({
        owner: 'Ada',
        name: 'Engine',
        full_name: 'Ada/Engine',
        key: 'ada/engine',
      })
    }
  })

  test('other URLs are not GitHub repositories', () => {
    for (const url of [
      null,
      '',
      'https://gitlab.com/ada/engine',
      'https://github.com/ada',
      'https://github.com.evil.example/ada/engine',
      'javascript:alert(1)',
      '/projects/x',
      'https://github.com/-ada/engine',
    ]) {
      expect(repoNameFromUrl(url)).toBeNull()
    }
  })

  test('owner/name input is checked like GitHub checks it', () => {
    expect(parseRepoName('ada/my.repo_1')?.key).toBe('ada/my.repo_1')
    for (const bad of ['ada', 'ada/', '/x', 'a/b/c', 'ada/..', 'a--b/x', 'ada/has space', '../x']) {
      expect(parseRepoName(bad)).toBeNull()
    }
  })

  test("the profile's GitHub link names the user; the placeholder names none", () => {
    expect(githubUserFromUrl('https://github.com/ada')).toBe('ada')
    expect(githubUserFromUrl('https://github.com/ada/')).toBe('ada')
    expect(githubUserFromUrl('https://github.com/')).toBeNull()
    expect(githubUserFromUrl('https://example.com/ada')).toBeNull()
    expect(githubUserFromUrl('ftp://github.com/ada')).toBeNull()
  })

  test('a repository name reads as a title', () => {
    expect(readableRepoName('my-cool_tool')).toBe('My Cool Tool')
    expect(readableRepoName('portfolio')).toBe('Portfolio')
    expect(readableRepoName('rustBook')).toBe('RustBook')
  })
})
