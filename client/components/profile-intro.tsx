import { Link } from '@tanstack/react-router'
import { safeUrlOrNull } from '../../src/domain/safe-url'
import type { Profile } from '../../src/schemas/profile'
import { imageSizes } from '../lib/responsive-image'
import { ArrowRightIcon } from './icons'
import { ResponsiveImage } from './responsive-image'
import { SocialLinks } from './social-links'

const photoClass =
  'size-[175px] shrink-0 rounded-full bg-accent-soft object-cover shadow-lifted ring-4 ring-surface-raised'

/**
 * The home page's hero: the photo, the greeting headline, the owner's lines,
 * the social links and the calls to action (contact, projects, the CV).
 */
export function ProfileIntro({ profile }: { profile: Profile }) {
  const photo = safeUrlOrNull(profile.photo_url)
  const alt = `Portrait of ${profile.name}`
  return (
    <section
      aria-labelledby="intro-title"
      className="card relative isolate overflow-hidden px-5 py-10 sm:px-10 sm:py-12"
    >
      {/* A wash of the accent behind the photo's corner; decoration only. */}
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-40 bg-gradient-to-b from-accent-soft to-transparent"
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
        <div className="min-w-0">
          <h1
            id="intro-title"
            className="text-3xl font-bold tracking-tight text-balance text-strong sm:text-display"
          >
            {profile.headline}
          </h1>
          <div className="mt-4 space-y-1 text-base leading-relaxed text-muted sm:text-lg">
            <p>I'm {profile.age} years old.</p>
            <p>
              I'm a {profile.major} major at {profile.university}.
            </p>
            <p>My focus is on {profile.focus}.</p>
            <p>I'm currently pursuing a minor in {profile.minor}.</p>
          </div>
          <SocialLinks
            linkedinUrl={profile.linkedin_url}
            githubUrl={profile.github_url}
            email={profile.email}
          />
        </div>
      </div>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3 border-t border-line pt-6 sm:justify-start">
        <Link to="/contact-me" className="button-primary">
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
    </section>
  )
}
