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
ALTER TABLE "notes" ADD COLUMN "discussion_url" text;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "fediverse_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "atproto_did" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webmention_outbox_version_target_idx" ON "webmention_outbox" USING btree ("source_type","source_id","source_version","target");--> statement-breakpoint
CREATE INDEX "webmention_outbox_due_idx" ON "webmention_outbox" USING btree ("next_attempt_at") WHERE "webmention_outbox"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webmentions_source_target_idx" ON "webmentions" USING btree ("source","target");--> statement-breakpoint
CREATE INDEX "webmentions_due_idx" ON "webmentions" USING btree ("next_attempt_at") WHERE "webmentions"."status" = 'queued';