import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, type LinkOptions, linkOptions } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { OwnerDetail } from '../../../../src/domain/owner-placeholders'
import type { ChecklistStep, Overview } from '../../../../src/schemas/overview'
import { failureText } from '../../../lib/admin-errors'
import { plural } from '../../../lib/analytics'
import { useTrpc } from '../../../lib/trpc'
import { cardClass, ErrorAlert, smallButtonClass } from '../ui/form-controls'

/*
 * The top of the admin home, after Ghost's dashboard: what wants attention
 * (figures, each a link to its screen) and, on a new site, the steps that
 * make it ready, ticked from the data as the owner completes them.
 */

const numberFormat = new Intl.NumberFormat()

function StatTile({
  label,
  value,
  detail,
  link,
}: {
  label: string
  value: number
  detail: string
  link: LinkOptions
}) {
  return (
    <li className="min-w-0">
      <Link
        {...link}
        // A phone: one line each (name, figure), the detail under them; wider: a column.
        className={`group flex h-full flex-wrap items-baseline justify-between gap-x-3 gap-y-1 sm:flex-col sm:items-start sm:justify-start ${cardClass} transition-colors hover:border-accent-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-ink`}
      >
        <span className="text-sm font-medium text-muted">{label}</span>
        <span className="text-2xl font-bold tracking-tight text-strong tabular-nums sm:text-3xl">
          {numberFormat.format(value)}
        </span>
        <span className="basis-full text-xs text-muted group-hover:text-accent-ink sm:basis-auto">
          {detail}
        </span>
      </Link>
    </li>
  )
}

/** Unread messages, last week's views and the drafts, each a link to where they are. */
export function OverviewStats({ overview }: { overview: Overview }) {
  const { projects, notes } = overview.drafts
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="sr-only">
        Overview
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatTile
          label="Unread messages"
          value={overview.unread_messages}
          detail={overview.unread_messages > 0 ? 'Open the inbox' : 'Inbox zero'}
          link={linkOptions({ to: '/admin/messages' })}
        />
        <StatTile
          label="Views, last 7 days"
          value={overview.views_7_days}
          detail="See the analytics"
          link={linkOptions({
            to: '/admin/analytics',
            search: { days: 7 },
          })}
        />
        <StatTile
          label="Drafts"
          value={projects + notes}
          detail={`${plural(projects, 'project')}, ${plural(notes, 'note')}`}
          link={
            projects > 0 || notes === 0
              ? linkOptions({ to: '/admin', hash: 'manage-projects' })
              : linkOptions({ to: '/admin/notes' })
          }
        />
      </ul>
    </section>
  )
}

interface StepText {
  title: string
  why: ReactNode
  /** Where it is done; none for a setting of the server's environment. */
  link?: LinkOptions
  action?: string
}

/** The profile's details the checklist names while they are missing. */
const detailNames: Record<OwnerDetail, string> = {
  name: 'your name',
  email: 'your email address',
  university: 'your university (or leave it empty)',
  bio: 'a few words about you (About)',
}

const stepTexts: Record<ChecklistStep, StepText> = {
  profile: {
    title: 'Complete your profile',
    why: 'Your name, email and a few words about you. Until your name is in, the home page says the site is being set up, and visitors see nothing of the placeholders.',
    link: linkOptions({ to: '/admin/profile' }),
    action: 'Fill in',
  },
  photo: {
    title: 'Upload your photo',
    why: 'A portrait for the home page and link previews.',
    link: linkOptions({ to: '/admin/profile' }),
    action: 'Upload',
  },
  project: {
    title: 'Publish your first project',
    why: 'The work visitors come for.',
    link: linkOptions({ to: '/admin/projects/new' }),
    action: 'Write one',
  },
  site_url: {
    title: 'Set the site’s address',
    why: (
      <>
        Set <code>SITE_URL</code> in the server’s environment and restart it: links, feeds and
        previews use it.
      </>
    ),
  },
  two_factor: {
    title: 'Turn on two-factor sign-in',
    why: 'A code from your phone as well as the password.',
    link: linkOptions({ to: '/admin/security' }),
    action: 'Turn on',
  },
  alerts: {
    title: 'Get alerts for new messages',
    why: 'An email or a webhook when someone writes to you.',
    link: linkOptions({ to: '/admin/notifications' }),
    action: 'Configure',
  },
  backup: {
    title: 'Download a backup',
    why: 'Everything on the site in one file, kept somewhere safe.',
    link: linkOptions({ to: '/admin/backup' }),
    action: 'Take one',
  },
}

function CheckMark({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`grid size-7 shrink-0 place-items-center rounded-full border-2 ${
        done ? 'border-success-ink bg-success-soft text-success-ink' : 'border-line-strong'
      }`}
    >
      {done ? (
        <svg viewBox="0 0 20 20" fill="none" aria-hidden="true" className="size-4">
          <path
            d="m5 10.5 3.2 3.2L15 7"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : null}
    </span>
  )
}

function useChecklistVisibility() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.overview.setChecklistHidden.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.overview.pathFilter()),
    }),
  )
}

/**
 * "Get started": the steps that make a new site ready, each ticked from the
 * data and linking to its screen. Hidden once complete, or put away.
 */
export function GetStartedChecklist({ overview }: { overview: Overview }) {
  const visibility = useChecklistVisibility()
  const { steps } = overview.checklist
  const done = steps.filter((item) => item.done).length
  return (
    <section aria-labelledby="get-started-title" className={`space-y-4 ${cardClass}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="get-started-title" className="text-xl font-bold tracking-tight text-strong">
            Get started
          </h2>
          <p className="text-sm text-muted">
            {done} of {steps.length} done. Each step ticks itself once it is done.
          </p>
        </div>
        <button
          type="button"
          className={smallButtonClass}
          disabled={visibility.isPending}
          onClick={() => visibility.mutate({ hidden: true })}
        >
          Hide checklist
        </button>
      </div>
      <progress
        max={steps.length}
        value={done}
        aria-label="Steps done"
        className="h-2 w-full overflow-hidden rounded-full bg-surface-sunken accent-accent [&::-webkit-progress-bar]:bg-surface-sunken [&::-webkit-progress-value]:bg-accent"
      />
      <ErrorAlert
        message={visibility.error ? failureText(visibility.error, 'The checklist stayed.') : null}
      />
      <ol className="divide-y divide-line rounded-control border border-line">
        {steps.map(({ step, done: isDone, missing }) => {
          const text = stepTexts[step]
          return (
            <li
              key={step}
              data-step={step}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3 sm:flex-nowrap sm:gap-x-4 sm:p-4"
            >
              <CheckMark done={isDone} />
              <div className="min-w-0 flex-1 basis-48">
                <p
                  id={`step-${step}`}
                  className={`font-semibold ${isDone ? 'text-muted line-through' : 'text-strong'}`}
                >
                  {text.title}
                  <span className="sr-only">{isDone ? ' (done)' : ' (to do)'}</span>
                </p>
                <p className="text-sm text-muted">{text.why}</p>
                {missing && missing.length > 0 ? (
                  <p className="mt-1 text-sm font-medium text-body">
                    Still missing: {missing.map((detail) => detailNames[detail]).join(', ')}.
                  </p>
                ) : null}
              </div>
              {text.link && !isDone ? (
                // Named by its verb and described by its step: a name holding the step's
                // words would repeat the screens' own ("Add Project" is the projects section's).
                <Link
                  {...text.link}
                  aria-describedby={`step-${step}`}
                  className={`${smallButtonClass} shrink-0 max-sm:ml-10`}
                >
                  {text.action}
                </Link>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

/** The figures, then the checklist while the site is new (or a way to bring it back). */
export function AdminOverview() {
  const trpc = useTrpc()
  const { data: overview } = useSuspenseQuery(trpc.overview.get.queryOptions())
  const visibility = useChecklistVisibility()
  const { complete, dismissed } = overview.checklist
  return (
    <>
      <OverviewStats overview={overview} />
      {complete ? null : dismissed ? (
        <p className="text-sm text-muted">
          The Get started checklist is hidden.{' '}
          <button
            type="button"
            className="font-medium text-accent-ink underline-offset-2 hover:underline"
            disabled={visibility.isPending}
            onClick={() => visibility.mutate({ hidden: false })}
          >
            Show it again
          </button>
        </p>
      ) : (
        <GetStartedChecklist overview={overview} />
      )}
    </>
  )
}
