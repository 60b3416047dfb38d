import { CiteBox } from '../components/cite-box'
import { hydrateIsland } from './mount'

/** A publication's Cite box, hydrated on its first focus or press: its Copy buttons then work. */
export const mount = (element: HTMLElement) => hydrateIsland(element, CiteBox)
