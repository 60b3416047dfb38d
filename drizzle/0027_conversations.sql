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
ALTER TABLE "trash" DROP CONSTRAINT "trash_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_trust_value_idx" ON "conversation_trust" USING btree ("type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_source_target_idx" ON "conversations" USING btree ("source","target_type","target_id");--> statement-breakpoint
CREATE INDEX "conversations_target_idx" ON "conversations" USING btree ("target_type","target_id","status");--> statement-breakpoint
CREATE INDEX "conversations_status_idx" ON "conversations" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "trash" ADD CONSTRAINT "trash_kind_check" CHECK ("trash"."kind" in ('project', 'timeline_event', 'message', 'image', 'note', 'page', 'conversation'));