/** The age the home page shows: the current year minus the birth year. */
export function ageFromBirthYear(birthYear: number, now: Date = new Date()): number {
  return now.getFullYear() - birthYear
}
