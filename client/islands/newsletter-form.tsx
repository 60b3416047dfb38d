import { NewsletterForm } from '../components/newsletter-form'
import { hydrateIsland } from './mount'

/** The subscribe form, hydrated on its first focus, press, key or submit: it then sends in place. */
export const mount = (element: HTMLElement) => hydrateIsland(element, NewsletterForm)
