CREATE TABLE "activitypub_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" text NOT NULL,
	"activity_type" text NOT NULL,
	"note_id" integer,
	"project_id" integer,
	"inbox" text NOT NULL,
	"activity" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "activitypub_deliveries_status_check" CHECK ("activitypub_deliveries"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "activitypub_followers" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"url" text,
	"icon_url" text,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"status" text NOT NULL,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activitypub_followers_actor_id_unique" UNIQUE("actor_id"),
	CONSTRAINT "activitypub_followers_status_check" CHECK ("activitypub_followers"."status" in ('pending', 'accepted', 'blocked'))
);
--> statement-breakpoint
CREATE TABLE "activitypub_keys" (
	"algorithm" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activitypub_keys_algorithm_check" CHECK ("activitypub_keys"."algorithm" in ('RSASSA-PKCS1-v1_5', 'Ed25519'))
);
--> statement-breakpoint
CREATE TABLE "activitypub_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activitypub_notes" (
	"note_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"state" text NOT NULL,
	"object" jsonb NOT NULL,
	"first_sent_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activitypub_projects" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"state" text NOT NULL,
	"object" jsonb NOT NULL,
	"first_sent_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activitypub_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"handle" text,
	"object_type" text DEFAULT 'Article' NOT NULL,
	"approve_follows" boolean DEFAULT false NOT NULL,
	"federate_projects" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activitypub_settings_single_row" CHECK ("activitypub_settings"."id" = 1),
	CONSTRAINT "activitypub_settings_type_check" CHECK ("activitypub_settings"."object_type" in ('Article', 'Note'))
);
--> statement-breakpoint
CREATE TABLE "conversation_trust" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_trust_type_check" CHECK ("conversation_trust"."type" in ('author', 'domain'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"author_name" text,
	"author_url" text,
	"author_photo_source" text,
	"author_photo" text,
	"content_html" text,
	"content_text" text,
	"published_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_network_check" CHECK ("conversations"."network" in ('webmention', 'mastodon', 'bluesky', 'activitypub')),
	CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('reply', 'like', 'repost', 'bookmark', 'mention')),
	CONSTRAINT "conversations_target_type_check" CHECK ("conversations"."target_type" in ('note', 'project')),
	CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" in ('pending', 'approved', 'spam'))
);
--> statement-breakpoint
CREATE TABLE "discussion_fetches" (
	"note_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fetched_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_confirmations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"token" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"note_ids" integer[] NOT NULL,
	"note_versions" bigint[] NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_issues_key_unique" UNIQUE("key"),
	CONSTRAINT "newsletter_issues_kind_check" CHECK ("newsletter_issues"."kind" in ('note', 'digest'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_sends_issue_subscriber" UNIQUE("issue_id","subscriber_id"),
	CONSTRAINT "newsletter_sends_state_check" CHECK ("newsletter_sends"."state" in ('pending', 'sent', 'bounced', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'each' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_settings_single_row" CHECK ("newsletter_settings"."id" = 1),
	CONSTRAINT "newsletter_settings_mode_check" CHECK ("newsletter_settings"."mode" in ('each', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'form' NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_ip_hash" text,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscribers_state_check" CHECK ("newsletter_subscribers"."state" in ('pending', 'confirmed', 'unsubscribed', 'bounced')),
	CONSTRAINT "newsletter_subscribers_source_check" CHECK ("newsletter_subscribers"."source" in ('form', 'import'))
);
--> statement-breakpoint
CREATE TABLE "publication_citations" (
	"doi" text PRIMARY KEY NOT NULL,
	"openalex_id" text,
	"cited_by_count" integer,
	"etag" text,
	"fetched_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"publication_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"authors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"venue" text,
	"year" integer,
	"date" text,
	"volume" text,
	"issue" text,
	"pages" text,
	"doi" text,
	"arxiv_id" text,
	"url" text,
	"pdf_url" text,
	"code_url" text,
	"slides_url" text,
	"abstract" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"citation_key" text,
	"selected" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"orcid_put_code" integer,
	"seo_description" text,
	"share_image" text,
	"canonical_url" text,
	"noindex" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(venue, '')), 'B') || setweight(to_tsvector('english', coalesce(abstract, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "publications_slug_unique" UNIQUE("slug"),
	CONSTRAINT "publications_type_check" CHECK ("publications"."type" in ('journal-article', 'conference-paper', 'preprint', 'thesis', 'book', 'chapter', 'report', 'software', 'dataset')),
	CONSTRAINT "publications_status_check" CHECK ("publications"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "talks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"event" text DEFAULT '' NOT NULL,
	"date" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'talk' NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"slides_url" text,
	"video_url" text,
	"recording_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(event, '')), 'B') || setweight(to_tsvector('english', coalesce(abstract, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "talks_type_check" CHECK ("talks"."type" in ('talk', 'poster', 'invited', 'keynote')),
	CONSTRAINT "talks_status_check" CHECK ("talks"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "teaching" (
	"id" serial PRIMARY KEY NOT NULL,
	"course" text NOT NULL,
	"institution" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(course, '')), 'A') || setweight(to_tsvector('english', coalesce(institution, '') || ' ' || coalesce(role, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "teaching_status_check" CHECK ("teaching"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "webmention_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer NOT NULL,
	"source_version" bigint NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"endpoint" text,
	"result" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webmention_outbox_status_check" CHECK ("webmention_outbox"."status" in ('pending', 'sent', 'no-endpoint', 'failed')),
	CONSTRAINT "webmention_outbox_source_type_check" CHECK ("webmention_outbox"."source_type" in ('note', 'project'))
);
--> statement-breakpoint
CREATE TABLE "webmentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" text,
	"conversation_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webmentions_token_unique" UNIQUE("token"),
	CONSTRAINT "webmentions_status_check" CHECK ("webmentions"."status" in ('queued', 'accepted', 'rejected', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "revisions" DROP CONSTRAINT "revisions_kind_check";--> statement-breakpoint
ALTER TABLE "trash" DROP CONSTRAINT "trash_kind_check";--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "discussion_url" text;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "email_subscribers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "fediverse_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "atproto_did" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_confirmations" ADD CONSTRAINT "newsletter_confirmations_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_slugs" ADD CONSTRAINT "publication_slugs_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activitypub_deliveries_once" ON "activitypub_deliveries" USING btree ("activity_id","inbox");--> statement-breakpoint
CREATE INDEX "activitypub_deliveries_due_idx" ON "activitypub_deliveries" USING btree ("next_attempt_at") WHERE "activitypub_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "activitypub_deliveries_note_idx" ON "activitypub_deliveries" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_trust_value_idx" ON "conversation_trust" USING btree ("type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_source_target_idx" ON "conversations" USING btree ("source","target_type","target_id");--> statement-breakpoint
CREATE INDEX "conversations_target_idx" ON "conversations" USING btree ("target_type","target_id","status");--> statement-breakpoint
CREATE INDEX "conversations_status_idx" ON "conversations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "newsletter_confirmations_subscriber_idx" ON "newsletter_confirmations" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_confirmations_due_idx" ON "newsletter_confirmations" USING btree ("next_attempt_at") WHERE "newsletter_confirmations"."mailed_at" is null and "newsletter_confirmations"."token" is not null;--> statement-breakpoint
CREATE INDEX "newsletter_sends_due_idx" ON "newsletter_sends" USING btree ("next_attempt_at") WHERE "newsletter_sends"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "newsletter_sends_subscriber_idx" ON "newsletter_sends" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_state_idx" ON "newsletter_subscribers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "publication_citations_due_idx" ON "publication_citations" USING btree ("next_fetch_at");--> statement-breakpoint
CREATE INDEX "publication_slugs_publication_id_idx" ON "publication_slugs" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "publications_sort_order_idx" ON "publications" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "publications_doi_idx" ON "publications" USING btree ("doi");--> statement-breakpoint
CREATE INDEX "publications_search_idx" ON "publications" USING gin ("search");--> statement-breakpoint
CREATE INDEX "talks_search_idx" ON "talks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "teaching_sort_order_idx" ON "teaching" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "teaching_search_idx" ON "teaching" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "webmention_outbox_version_target_idx" ON "webmention_outbox" USING btree ("source_type","source_id","source_version","target");--> statement-breakpoint
CREATE INDEX "webmention_outbox_due_idx" ON "webmention_outbox" USING btree ("next_attempt_at") WHERE "webmention_outbox"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webmentions_source_target_idx" ON "webmentions" USING btree ("source","target");--> statement-breakpoint
CREATE INDEX "webmentions_due_idx" ON "webmentions" USING btree ("next_attempt_at") WHERE "webmentions"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_kind_check" CHECK ("revisions"."kind" in ('project', 'page', 'publication', 'profile'));--> statement-breakpoint
ALTER TABLE "trash" ADD CONSTRAINT "trash_kind_check" CHECK ("trash"."kind" in ('project', 'timeline_event', 'message', 'image', 'note', 'page', 'conversation', 'publication', 'talk', 'teaching'));