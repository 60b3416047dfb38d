import { ContactForm } from '../components/contact-form'
import { hydrateIsland } from './mount'

/** The contact form, hydrated on its first focus, press, key or submit: it then sends in place. */
export const mount = (element: HTMLElement) => hydrateIsland(element, ContactForm)
