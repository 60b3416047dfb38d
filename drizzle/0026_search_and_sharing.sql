CREATE TABLE "screen_seo" (
	"screen" text PRIMARY KEY NOT NULL,
	"seo_description" text,
	"share_image" text,
	"noindex" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_seo_screen_check" CHECK ("screen_seo"."screen" in ('home', 'projects', 'notes', 'cv'))
);
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "share_image" text;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "share_image" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "share_image" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;