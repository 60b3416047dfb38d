import { HeaderSearch } from '../components/header-search'
import { hydrateIsland } from './mount'

/** The header's search box, hydrated on its first focus; its suggestions come then. */
export const mount = (element: HTMLElement) => hydrateIsland(element, HeaderSearch)
