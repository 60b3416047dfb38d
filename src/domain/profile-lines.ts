import type { Profile } from '../schemas/profile'

type Lines = Pick<Profile, 'age' | 'major' | 'university' | 'focus' | 'minor'>

/**
 * The home page's lines under the greeting (also on the link-preview card),
 * in the spec's words; a line whose field the owner left empty is left out,
 * and the age line too when there is no age to show.
 */
export function introLines(profile: Lines): string[] {
  const { major, university, focus, minor, age } = profile
  const study =
    major && university
      ? `I'm a ${major} major at ${university}.`
      : major
        ? `I'm a ${major} major.`
        : university
          ? `I'm a student at ${university}.`
          : ''
  return [
    age !== null ? `I'm ${age} years old.` : '',
    study,
    focus ? `My focus is on ${focus}.` : '',
    minor ? `I'm currently pursuing a minor in ${minor}.` : '',
  ].filter((line) => line !== '')
}

/** The CV's study line ("{major} major at {university}, minor in {minor}"), without the empty parts. */
export function studyLine(profile: Pick<Profile, 'major' | 'university' | 'minor'>): string {
  const { major, university, minor } = profile
  const study =
    major && university
      ? `${major} major at ${university}`
      : major
        ? `${major} major`
        : university
          ? `Student at ${university}`
          : ''
  return [study, minor ? `minor in ${minor}` : ''].filter(Boolean).join(', ')
}
