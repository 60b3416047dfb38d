/**
 * The content kinds as the owner reads them: the one shared list of their
 * words, which the admin screens (the Trash, the audit log, the Backup
 * screen, the revision History) and the server's registry
 * (server/content/) both take. The server's descriptor of a kind holds its
 * table and rules; what a person reads about it is here, so the browser
 * gets it without the server's code.
 *
 * The order is the Trash's (`/api/trash/{kind}/{id}` names them in it); a
 * new kind is added at the end.
 */
export const contentKindNames = [
  'project',
  'timeline_event',
  'message',
  'image',
  'note',
  'page',
  'conversation',
] as const
export type ContentKindName = (typeof contentKindNames)[number]

export interface ContentKindLabels {
  /** The singular in sentences ("the project "X""). */
  noun: string
  /** The singular an audit entry's target starts with ("event 3 "Intern""). */
  auditNoun: string
  /** The router its procedures are under (`projects.create`): the audit log's actions. */
  router: string
  /** The backup file's table for its rows, and the Backup screen's label for it. */
  backupTable: { name: string; label: string }
  /** Its former and current addresses, for a kind with slugs. */
  slugTable: { name: string; label: string } | null
  /** What the audit log shows for each of its procedures. */
  actions: Record<string, string>
  /**
   * The revision History's names for its columns: a kind whose saves keep
   * revisions (server/content/ says `revisions: true`); null for one without.
   */
  fields: Record<string, string> | null
  /** The `kind` site search answers for it (a searchable kind). */
  searchKind: string | null
}

export const contentKindLabels: Record<ContentKindName, ContentKindLabels> = {
  project: {
    noun: 'project',
    auditNoun: 'project',
    router: 'projects',
    backupTable: { name: 'projects', label: 'Projects' },
    slugTable: { name: 'project_slugs', label: 'Project addresses (slugs)' },
    actions: {
      'projects.create': 'Project created',
      'projects.update': 'Project updated',
      'projects.delete': 'Project deleted',
      'projects.reorder': 'Projects reordered',
      'projects.restoreRevision': 'Project version restored',
    },
    fields: {
      title: 'Title',
      description: 'Short description',
      long_description: 'Long description',
      website_url: 'Website',
      repo_url: 'Repository',
      image_urls: 'Image URLs',
      tags: 'Tags',
      is_featured: 'Featured',
      is_published: 'Published',
      role: 'Role',
      period: 'Period',
      seo_description: 'Search description',
      share_image: 'Share image',
      canonical_url: 'Canonical URL',
      noindex: 'Hidden from search engines',
    },
    searchKind: 'project',
  },
  timeline_event: {
    noun: 'timeline event',
    auditNoun: 'event',
    router: 'timeline',
    backupTable: { name: 'timeline_events', label: 'Timeline events' },
    slugTable: null,
    actions: {
      'timeline.create': 'Event created',
      'timeline.update': 'Event updated',
      'timeline.delete': 'Event deleted',
      'timeline.reorder': 'Events reordered',
    },
    fields: null,
    searchKind: 'timeline',
  },
  message: {
    noun: 'message',
    auditNoun: 'message',
    router: 'messages',
    backupTable: { name: 'messages', label: 'Messages' },
    slugTable: null,
    actions: {
      'messages.setStatus': 'Message marked',
      'messages.delete': 'Message deleted',
    },
    fields: null,
    searchKind: null,
  },
  image: {
    noun: 'image',
    auditNoun: 'image',
    router: 'media',
    backupTable: { name: 'media', label: 'Images' },
    slugTable: null,
    actions: {
      'media.upload': 'Image uploaded',
      'media.updateAlt': 'Image alt text changed',
      'media.rename': 'Image renamed',
      'media.delete': 'Image deleted',
    },
    fields: null,
    searchKind: null,
  },
  note: {
    noun: 'note',
    auditNoun: 'note',
    router: 'notes',
    backupTable: { name: 'notes', label: 'Notes' },
    slugTable: { name: 'note_slugs', label: 'Note addresses (slugs)' },
    actions: {
      'notes.create': 'Note created',
      'notes.update': 'Note updated',
      'notes.delete': 'Note deleted',
    },
    fields: null,
    searchKind: 'note',
  },
  page: {
    noun: 'page',
    auditNoun: 'page',
    router: 'pages',
    backupTable: { name: 'pages', label: 'Pages' },
    slugTable: { name: 'page_slugs', label: 'Page addresses (slugs)' },
    actions: {
      'pages.create': 'Page created',
      'pages.update': 'Page updated',
      'pages.delete': 'Page deleted',
      'pages.restoreRevision': 'Page version restored',
    },
    fields: {
      title: 'Title',
      body: 'Text',
      layout: 'Layout',
      items: 'List items',
      status: 'State',
      seo_description: 'Search description',
      share_image: 'Share image',
      canonical_url: 'Canonical URL',
      noindex: 'Hidden from search engines',
    },
    searchKind: 'page',
  },
  conversation: {
    noun: 'conversation',
    auditNoun: 'conversation',
    router: 'conversations',
    backupTable: { name: 'conversations', label: 'Conversations' },
    slugTable: null,
    actions: {
      'conversations.setStatus': 'Conversation marked',
      'conversations.delete': 'Conversation deleted',
      'conversations.trust': 'Author or domain trusted',
      'conversations.untrust': 'Author or domain no longer trusted',
    },
    fields: null,
    searchKind: null,
  },
}

/** Every kind's audit actions, as the audit screen shows them. */
export const contentActionLabels: Record<string, string> = Object.assign(
  {},
  ...contentKindNames.map((name) => contentKindLabels[name].actions),
)

/** The backup file's tables of the kinds (rows and addresses), as the Backup screen names them. */
export const contentTableLabels: Record<string, string> = Object.fromEntries(
  contentKindNames.flatMap((name) => {
    const { backupTable, slugTable } = contentKindLabels[name]
    return [backupTable, ...(slugTable ? [slugTable] : [])].map((table) => [
      table.name,
      table.label,
    ])
  }),
)

/** The revision History's names for the kinds' columns. */
export const contentFieldLabels: Record<string, string> = Object.assign(
  {},
  ...contentKindNames.map((name) => contentKindLabels[name].fields ?? {}),
)

/** A revision's `kind`: a content kind that keeps them, or the owner's profile. */
export type RevisionKindName = ContentKindName | 'profile'

/**
 * The `kind`s a revision may have: every kind whose saves keep revisions
 * (it names its columns in `fields`), then the profile. The revisions
 * table's check constraint is made from it, as the Trash's is from
 * `contentKindNames`: a new kind with revisions needs no edit there.
 */
const keepingRevisions: RevisionKindName[] = [
  ...contentKindNames.filter((name) => contentKindLabels[name].fields !== null),
  'profile',
]
export const revisionKindNames = keepingRevisions as [RevisionKindName, ...RevisionKindName[]]

/** The `kind`s site search answers, one per searchable kind. */
export const searchKindNames = contentKindNames.flatMap((name) => {
  const kind = contentKindLabels[name].searchKind
  return kind ? [kind] : []
})
