import { Link } from '@tanstack/react-router'
import { linksWithOrcid } from '../../src/domain/orcid'
import { introLines } from '../../src/domain/profile-lines'
import { safeUrlOrNull } from '../../src/domain/safe-url'
import { socialServiceOf } from '../../src/domain/social-services'
import type { Profile } from '../../src/schemas/profile'
import { imageSizes } from '../lib/responsive-image'
import {
  ArrowRightIcon,
  BlueskyIcon,
  FeedIcon,
  GitHubIcon,
  LinkedInIcon,
  LinkIcon,
  MastodonIcon,
  OrcidIcon,
  PlayIcon,
} from './icons'
import { ResponsiveImage } from './responsive-image'
import { SocialLinks } from './social-links'

// 175 × 175 at every width: the spec's size for the photo.
const photoClass =
  'u-photo size-[175px] shrink-0 rounded-full bg-accent-soft object-cover shadow-lifted ring-4 ring-surface-raised'

/** The owner's own links, each with rel="me" (Mastodon and others verify a profile by it). */
export function OwnerLinks({
  links,
  className = 'mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm sm:justify-start',
}: {
  links: readonly Profile['links'][number][]
  className?: string
}) {
  const safe = links.flatMap((link) => {
    const href = safeUrlOrNull(link.url)
    return href ? [{ label: link.label, href }] : []
  })
  if (safe.length === 0) return null
  return (
    <ul aria-label="Links" className={className}>
      {safe.map((link) => (
        <li key={`${link.label} ${link.href}`}>
          <a
            href={link.href}
            rel="me noopener"
            className="u-url content-link inline-flex items-center gap-1.5"
          >
            <ServiceIcon url={link.href} />
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** A profile link's icon: the known service's, or a chain link (decorative: the label names it). */
function ServiceIcon({ url }: { url: string }) {
  const props = { width: 16, height: 16, className: 'shrink-0' }
  switch (socialServiceOf(url)) {
    case 'mastodon':
      return <MastodonIcon {...props} />
    case 'bluesky':
      return <BlueskyIcon {...props} />
    case 'github':
      return <GitHubIcon {...props} />
    case 'linkedin':
      return <LinkedInIcon {...props} />
    case 'youtube':
      return <PlayIcon {...props} />
    case 'orcid':
      return <OrcidIcon {...props} />
    case 'rss':
      return <FeedIcon {...props} />
    default:
      return <LinkIcon {...props} />
  }
}

/** The skills as chips (not links: nothing lists projects by skill). */
export function SkillChips({ skills }: { skills: readonly string[] }) {
  const unique = [...new Set(skills)]
  if (unique.length === 0) return null
  return (
    <ul aria-label="Skills" className="flex flex-wrap gap-2">
      {unique.map((skill) => (
        <li
          key={skill}
          className="rounded-full bg-accent-soft px-3 py-1 text-sm font-medium wrap-anywhere text-accent-ink ring-1 ring-accent-soft ring-inset"
        >
          {skill}
        </li>
      ))}
    </ul>
  )
}

/**
 * The home page's "About" section: the bio (Markdown rendered and sanitised
 * on the server) and the skills; nothing when both are empty.
 */
export function AboutSection({ profile }: { profile: Omit<Profile, 'bio'> }) {
  if (!profile.bio_html && profile.skills.length === 0) return null
  return (
    <section aria-labelledby="about-title" className="card px-5 py-8 sm:px-8">
      <h2 id="about-title" className="text-2xl font-bold tracking-tight text-strong sm:text-3xl">
        About
      </h2>
      {profile.bio_html ? (
        <div
          className="prose-md content-links mt-4 leading-relaxed text-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered from Markdown and sanitised on the server (server/markdown/render.ts), never the raw input
          dangerouslySetInnerHTML={{ __html: profile.bio_html }}
        />
      ) : null}
      {profile.skills.length > 0 ? (
        <div className={profile.bio_html ? 'mt-8 border-t border-line pt-6' : 'mt-4'}>
          <h3 className="mb-3 text-sm font-semibold tracking-wide text-strong uppercase">Skills</h3>
          <SkillChips skills={profile.skills} />
        </div>
      ) : null}
    </section>
  )
}

/**
 * The home page's hero: the greeting headline, the owner's lines, the social
 * links and the calls to action (contact, projects, the CV) beside the photo;
 * from 1024 px two columns, the photo on the right. On the Bold style the hero
 * is a band in the accent colour (docs/design.md: `bg-hero`, `text-on-hero`).
 */
export function ProfileIntro({ profile }: { profile: Omit<Profile, 'bio'> }) {
  const photo = safeUrlOrNull(profile.photo_url)
  const alt = `Portrait of ${profile.name}`
  return (
    <section
      aria-labelledby="intro-title"
      className="h-card card relative isolate overflow-hidden px-5 py-10 sm:px-10 sm:py-12 bold:border-transparent bold:bg-hero bold:text-on-hero"
    >
      {/* The owner as microformats readers see them (rel="me" verification, Webmention senders). */}
      <data className="p-name" value={profile.name} />
      <data className="u-url u-uid" value="/" />
      {/* A wash of the accent behind the photo's corner; decoration only. */}
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-40 bg-gradient-to-b from-accent-soft to-transparent bold:hidden"
      />
      <div className="flex flex-col items-center gap-8 text-center sm:flex-row sm:items-center sm:text-left">
        <ResponsiveImage
          shown={photo ? { src: photo, image: profile.photo } : null}
          alt={alt}
          width={175}
          height={175}
          fixed
          sizes={imageSizes.photo}
          priority
          className={photoClass}
          fallback={
            // The default photo, also when the chosen one cannot be loaded.
            <img
              src="/profile.svg"
              alt={alt}
              width={175}
              height={175}
              decoding="async"
              className={photoClass}
            />
          }
        />
        <div className="min-w-0 flex-1 sm:order-first">
          <h1
            id="intro-title"
            className="text-3xl font-bold tracking-tight text-balance text-strong sm:text-display bold:text-on-hero"
          >
            {profile.greeting}
          </h1>
          <div className="p-note mt-4 space-y-1 text-base leading-relaxed text-muted sm:text-lg bold:text-hero-muted">
            {introLines(profile).map((line) => (
              <p key={line}>{line}</p>
            ))}
            {profile.location ? <p>Based in {profile.location}.</p> : null}
          </div>
          <SocialLinks
            linkedinUrl={profile.linkedin_url}
            githubUrl={profile.github_url}
            email={profile.email}
          />
          <OwnerLinks
            links={linksWithOrcid(profile)}
            className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm sm:justify-start bold:[&_a]:text-on-hero"
          />
          <div className="mt-8 flex flex-wrap items-center justify-center gap-3 border-t border-line pt-6 sm:justify-start bold:border-on-hero/30">
            <Link to="/contact-me" className="button-primary bold:button-hero">
              Contact me
              <ArrowRightIcon width={16} height={16} />
            </Link>
            <Link to="/projects" className="button-secondary">
              View projects
            </Link>
            {/* A plain link: the PDF is a file, not a page of the app. */}
            <a href="/cv.pdf" className="button-secondary">
              Download CV
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
