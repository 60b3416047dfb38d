CREATE TABLE "navigation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"header" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"footer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "navigation_single_row" CHECK ("navigation"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "page_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"layout" text DEFAULT 'plain' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'C')) STORED NOT NULL,
	CONSTRAINT "pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "pages_status_check" CHECK ("pages"."status" in ('draft', 'published')),
	CONSTRAINT "pages_layout_check" CHECK ("pages"."layout" in ('plain', 'list'))
);
--> statement-breakpoint
ALTER TABLE "revisions" DROP CONSTRAINT "revisions_kind_check";--> statement-breakpoint
ALTER TABLE "trash" DROP CONSTRAINT "trash_kind_check";--> statement-breakpoint
ALTER TABLE "page_slugs" ADD CONSTRAINT "page_slugs_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_slugs_page_id_idx" ON "page_slugs" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "pages_search_idx" ON "pages" USING gin ("search");--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_kind_check" CHECK ("revisions"."kind" in ('project', 'page', 'profile'));--> statement-breakpoint
ALTER TABLE "trash" ADD CONSTRAINT "trash_kind_check" CHECK ("trash"."kind" in ('project', 'timeline_event', 'message', 'image', 'note', 'page'));