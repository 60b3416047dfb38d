import { createFileRoute } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { pageHead, SITE_NAME } from '../lib/seo'

/*
 * What the server's visit counting keeps and what it does not
 * (server/services/analytics*; README, Analytics). Plain words for visitors:
 * if the counting changes, this page changes with it.
 */
export const Route = createFileRoute('/privacy')({
  head: ({ match }) =>
    pageHead({
      siteUrl: match.context.site.url,
      path: '/privacy',
      title: `Privacy · ${SITE_NAME}`,
      description:
        'What this site counts about visits (no tracking cookies or scripts, no IP addresses kept) and what it does not.',
    }),
  component: PrivacyPage,
})

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold tracking-tight text-strong">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-body">{children}</div>
    </section>
  )
}

const listClass = 'list-disc space-y-2 pl-5'

function PrivacyPage() {
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">Privacy.</h1>
      <p className="mt-3 text-lg text-muted">
        This site counts its visits on its own server, so the owner knows which pages are read and
        whether a link they sent was opened. It sets no tracking cookies, runs no tracking script
        and keeps nothing that identifies you.
      </p>

      <Section id="privacy-counted" title="What is counted">
        <p>
          Each time the server sends you a page (the first page of your visit, a reload, a page
          opened in a new tab), it adds one to a count for that day of:
        </p>
        <ul className={listClass}>
          <li>
            <strong>the day</strong> (in UTC) and <strong>the page</strong>, such as /projects;
          </li>
          <li>
            <strong>the site you came from</strong>, by its name only (such as linkedin.com), when
            your browser tells;
          </li>
          <li>
            <strong>the kind of device</strong>: desktop, mobile or tablet, worked out from what
            your browser says it is;
          </li>
          <li>
            <strong>the share link</strong> you came through, if any. The owner can send a named
            link (for example with a job application): the page it opens, and the pages the server
            sends you after it that day, are counted for that link, with the time of its first and
            last visit.
          </li>
        </ul>
      </Section>

      <Section id="privacy-visitors" title="How visitors are counted">
        <p>
          To tell ten visitors from one visitor who opened ten pages, the server mixes your IP
          address and your browser's description (its User-Agent) with a random value that is made
          anew every day, and keeps only the result: a hash, which cannot be turned back into the
          address. The random value is deleted once the day is over (at midnight UTC), so after that
          nobody, the owner included, can link the hash to you or to your visits on other days. This
          is the method privacy-focused analytics such as Plausible use.
        </p>
      </Section>

      <Section id="privacy-not-counted" title="What is not collected">
        <ul className={listClass}>
          <li>
            No tracking cookies. Two small cookies only say how the site looks to you:{' '}
            <strong>theme</strong>, when you choose light or dark with the switch in the header, and{' '}
            <strong>fonts</strong>, once your browser holds the site's fonts, so that the next page
            shows them at once. They hold nothing else and are not counted. The only other cookie is
            the owner's, when signing in.
          </li>
          <li>
            No tracking script, pixel or outside analytics service: the pages send nothing about
            your visit, and nothing about it leaves this server.
          </li>
          <li>Your IP address and your browser's User-Agent are never stored.</li>
          <li>
            If your browser sends <strong>Do Not Track</strong> or{' '}
            <strong>Global Privacy Control</strong>, your page views are counted but you are not
            counted as a visitor: no hash is made.
          </li>
          <li>Visits from search engines' robots and the owner's own visits are not counted.</li>
        </ul>
      </Section>

      <Section id="privacy-newsletter" title="If you subscribe to notes by email">
        <p>
          When you ask for new notes by email, the site keeps, until you unsubscribe and the owner
          erases it, or until the owner erases it on request:
        </p>
        <ul className={listClass}>
          <li>
            <strong>your email address</strong>, and whether it is waiting for your confirmation,
            confirmed, unsubscribed or bounced, with the dates;
          </li>
          <li>
            <strong>when you gave your consent</strong> (when you followed the confirmation link);
          </li>
          <li>
            <strong>a hash of your IP address</strong> at the time you subscribed, made with a key
            only this server has, as a record of where the request came from. The address itself is
            not kept.
          </li>
        </ul>
        <p>
          The emails carry no tracking pixel and no rewritten link: nobody learns whether you opened
          one. Each has a link to unsubscribe in one click. Your address is sent to the owner's mail
          server only, and is part of the site's backups.
        </p>
      </Section>

      <Section id="privacy-who" title="Who sees the counts">
        <p>
          Only the site's owner, in the site's admin area, as totals per day, page, site, kind of
          device and share link.
        </p>
      </Section>

      <Section id="privacy-fediverse" title="If you follow this site from the fediverse">
        <p>
          When the owner has made this site an account on the fediverse and you follow it from
          Mastodon or another server, the site keeps what your server tells it of your account (its
          address, name, picture and inbox) to send you its notes, until you unfollow or the owner
          removes you. Your replies, likes and boosts of its notes are kept for the owner to
          approve, and shown under the note only once approved; deleting yours on your server
          removes it here.
        </p>
      </Section>

      <Section id="privacy-responses" title="Replies, likes and mentions from elsewhere">
        <p>
          When you answer a note or a project from your own site (a Webmention), or reply to, like
          or repost the owner's Mastodon or Bluesky post about it, this site fetches that public
          page or post and stores:
        </p>
        <ul className={listClass}>
          <li>
            <strong>its address</strong>, <strong>its text</strong> (cleaned of scripts, images and
            styles) and <strong>when it was written</strong>.
          </li>
          <li>
            <strong>your name, profile address and photo</strong> as that page or service shows
            them. The photo is copied, made small and served from this site, so your browser never
            loads it from elsewhere when reading here.
          </li>
        </ul>
        <p>
          Nothing is shown until the owner approves it (unless the owner chose to trust you or your
          site). When the page is deleted or no longer links here, or the post, like or repost is
          deleted, it is removed here too the next time it is checked. Under each reply shown, "Ask
          to remove this" sends the owner a message asking to take it down. What is stored is in the
          owner's backups, and a removed reply waits 30 days in the owner's Trash.
        </p>
      </Section>
    </article>
  )
}
