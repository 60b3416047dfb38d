CREATE TABLE "post_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"went_live_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '') || ' ' || search_list_text(tags)), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "post_slugs" ADD CONSTRAINT "post_slugs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_slugs_post_id_idx" ON "post_slugs" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_published_idx" ON "posts" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "posts_due_idx" ON "posts" USING btree ("published_at") WHERE "posts"."status" = 'published' and "posts"."went_live_at" is null;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ((setweight(to_tsvector('english', coalesce("projects"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("projects"."description", '') || ' ' || search_list_text("projects"."tags")), 'B') || setweight(to_tsvector('english', coalesce("projects"."long_description", '')), 'C')));--> statement-breakpoint
CREATE INDEX "timeline_events_search_idx" ON "timeline_events" USING gin ((setweight(to_tsvector('english', coalesce("timeline_events"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("timeline_events"."position", '')), 'B') || setweight(to_tsvector('english', search_list_text("timeline_events"."description")), 'C')));