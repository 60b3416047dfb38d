import type { ReactNode } from 'react'
import { isSafeUrl } from '../../src/domain/safe-url'
import { GitHubIcon, LinkedInIcon, MailIcon } from './icons'

const iconLinkClass =
  'grid size-11 place-items-center rounded-full border border-line bg-surface-raised text-muted shadow-card transition hover:border-accent-ink/40 motion-safe:hover:-translate-y-0.5 hover:bg-accent-soft hover:text-accent-ink'

/** A profile link that opens in a new tab; none when the address is not a safe one. */
function ProfileLink({ url, name, children }: { url: string; name: string; children: ReactNode }) {
  return isSafeUrl(url) ? (
    <li>
      <a
        href={url}
        target="_blank"
        rel="me noopener noreferrer"
        aria-label={`${name} (opens in a new tab)`}
        title={name}
        className={`u-url ${iconLinkClass}`}
      >
        {children}
      </a>
    </li>
  ) : null
}

/** The social toolbar: LinkedIn and GitHub in a new tab, and a mailto link. */
export function SocialLinks({
  linkedinUrl,
  githubUrl,
  email,
}: {
  linkedinUrl: string
  githubUrl: string
  email: string
}) {
  return (
    <ul
      aria-label="Social links"
      className="mt-6 flex items-center justify-center gap-3 sm:justify-start"
    >
      <ProfileLink url={linkedinUrl} name="LinkedIn">
        <LinkedInIcon />
      </ProfileLink>
      <ProfileLink url={githubUrl} name="GitHub">
        <GitHubIcon />
      </ProfileLink>
      {email ? (
        <li>
          <a
            href={`mailto:${email}`}
            aria-label={`Email ${email}`}
            title={email}
            className={iconLinkClass}
          >
            <MailIcon />
          </a>
        </li>
      ) : null}
    </ul>
  )
}
