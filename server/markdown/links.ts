import type { Root as HastRoot, Properties } from 'hast'
import { toString as hastToString } from 'hast-util-to-string'
import type { Options as ExternalLinksOptions } from 'rehype-external-links'
import { visit } from 'unist-util-visit'

const imageProperties: Properties = { loading: 'lazy', decoding: 'async' }

export function rehypeImageAttributes() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'img') Object.assign(node.properties, imageProperties)
    })
  }
}

/** Absolute http(s) links open in a new tab, without `window.opener` or a referrer. */
export const externalLinks: ExternalLinksOptions = {
  target: '_blank',
  rel: ['noopener', 'noreferrer'],
  protocols: ['http', 'https'],
}

/** An address as its link text would show it: no scheme, no `mailto:`, no trailing slash. */
function bareAddress(href: string): string {
  return href
    .replace(/^(?:https?:\/\/|mailto:)/i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '')
    .toLowerCase()
}

/**
 * A bullet's link whose text is not its address gets the address in
 * `data-print-url` (an e-mail link: the address alone), for the printed CV
 * (`.cv a[data-print-url]::after`). Site paths and fragments get none: on
 * paper they lead nowhere.
 */
export function rehypePrintAddresses() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node) => {
      const href = node.properties.href
      if (node.tagName !== 'a' || typeof href !== 'string') return
      if (!/^(?:https?:|mailto:)/.test(href)) return
      if (bareAddress(hastToString(node).trim()) === bareAddress(href)) return
      node.properties.dataPrintUrl = href.startsWith('mailto:') ? href.slice(7) : href
    })
  }
}
