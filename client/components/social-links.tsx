import { isSafeUrl } from '../../src/domain/safe-url'
import { GitHubIcon, LinkedInIcon, MailIcon } from './icons'

const iconLinkClass =
  'grid size-11 place-items-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-700'

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
    <ul aria-label="Social links" className="flex items-center gap-3">
      {isSafeUrl(linkedinUrl) ? (
        <li>
          <a
            href={linkedinUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="LinkedIn (opens in a new tab)"
            title="LinkedIn"
            className={iconLinkClass}
          >
            <LinkedInIcon />
          </a>
        </li>
      ) : null}
      {isSafeUrl(githubUrl) ? (
        <li>
          <a
            href={githubUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="GitHub (opens in a new tab)"
            title="GitHub"
            className={iconLinkClass}
          >
            <GitHubIcon />
          </a>
        </li>
      ) : null}
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
