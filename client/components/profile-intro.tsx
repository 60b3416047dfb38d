import { safeUrlOrNull } from '../../src/domain/safe-url'
import type { Profile } from '../../src/schemas/profile'
import { imageSizes } from '../lib/responsive-image'
import { ResponsiveImage } from './responsive-image'
import { SocialLinks } from './social-links'

const photoClass =
  'size-[175px] shrink-0 rounded-full bg-accent-soft object-cover shadow-lg ring-4 ring-surface-raised'

/** The home page's intro: photo, greeting headline, the owner's lines and social links. */
export function ProfileIntro({ profile }: { profile: Profile }) {
  const photo = safeUrlOrNull(profile.photo_url)
  const alt = `Portrait of ${profile.name}`
  return (
    <section
      aria-labelledby="intro-title"
      className="flex flex-col items-center gap-8 text-center sm:flex-row sm:items-center sm:text-left"
    >
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
          className="text-3xl font-bold tracking-tight text-balance text-strong sm:text-4xl"
        >
          {profile.headline}
        </h1>
        <div className="mt-4 space-y-1.5 text-base leading-relaxed text-muted sm:text-lg">
          <p>I'm {profile.age} years old.</p>
          <p>
            I'm a {profile.major} major at {profile.university}.
          </p>
          <p>My focus is on {profile.focus}.</p>
          <p>I'm currently pursuing a minor in {profile.minor}.</p>
        </div>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-4 sm:justify-start">
          <SocialLinks
            linkedinUrl={profile.linkedin_url}
            githubUrl={profile.github_url}
            email={profile.email}
          />
          {/* A plain link: the PDF is a file, not a page of the app. */}
          <a
            href="/cv.pdf"
            className="inline-flex items-center rounded-full bg-accent px-4 py-2 text-sm font-semibold text-on-accent shadow-card hover:bg-accent"
          >
            Download CV
          </a>
        </div>
      </div>
    </section>
  )
}
