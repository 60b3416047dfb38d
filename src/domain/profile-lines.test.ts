import { describe, expect, test } from 'bun:test'
import { introLines, studyLine } from './profile-lines'

const full = {
  age: 22,
  major: 'Computer Science',
  university: 'Test University',
  focus: 'fullstack development',
  minor: 'Mathematics',
}

describe('introLines', () => {
  test('every field set: the spec wording, in order', () => {
    expect(introLines(full)).toEqual([
      "I'm 22 years old.",
      "I'm a Computer Science major at Test University.",
      'My focus is on fullstack development.',
      "I'm currently pursuing a minor in Mathematics.",
    ])
  })

  test('an empty field leaves its line out; no age, no age line', () => {
    expect(introLines({ ...full, age: null, minor: '', focus: '' })).toEqual([
      "I'm a Computer Science major at Test University.",
    ])
    expect(introLines({ ...full, university: '' })[1]).toBe("I'm a Computer Science major.")
    expect(introLines({ ...full, major: '' })[1]).toBe("I'm a student at Test University.")
    expect(introLines({ age: null, major: '', university: '', focus: '', minor: '' })).toEqual([])
  })
})

describe('studyLine', () => {
  test('leaves out what is empty', () => {
    expect(studyLine(full)).toBe('Computer Science major at Test University, minor in Mathematics')
    expect(studyLine({ ...full, minor: '' })).toBe('Computer Science major at Test University')
    expect(studyLine({ major: '', university: '', minor: '' })).toBe('')
  })
})
