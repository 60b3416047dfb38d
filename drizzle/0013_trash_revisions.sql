CREATE TABLE "backup_restores" (
	"id" serial PRIMARY KEY NOT NULL,
	"restored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backup_created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed" text[] DEFAULT '{}'::text[] NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "revisions_kind_check" CHECK ("revisions"."kind" in ('project', 'profile'))
);
--> statement-breakpoint
CREATE TABLE "trash" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"title" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row" jsonb NOT NULL,
	"slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "trash_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "trash_kind_check" CHECK ("trash"."kind" in ('project', 'timeline_event', 'message', 'image'))
);
--> statement-breakpoint
CREATE INDEX "revisions_item_idx" ON "revisions" USING btree ("kind","item_id","id");--> statement-breakpoint
CREATE INDEX "trash_deleted_at_idx" ON "trash" USING btree ("deleted_at");