DROP INDEX "projects_created_at_idx";--> statement-breakpoint
DROP INDEX "timeline_events_created_at_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "repo_url" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_sort_order_idx" ON "projects" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "timeline_events_sort_order_idx" ON "timeline_events" USING btree ("sort_order","id");--> statement-breakpoint
-- Existing rows keep the order they were shown in (newest first): sort_order 0…n-1.
UPDATE "projects" SET "sort_order" = "ordered"."rank" FROM (SELECT "id", (row_number() OVER (ORDER BY "created_at" DESC, "id" DESC) - 1)::integer AS "rank" FROM "projects") AS "ordered" WHERE "projects"."id" = "ordered"."id";--> statement-breakpoint
UPDATE "timeline_events" SET "sort_order" = "ordered"."rank" FROM (SELECT "id", (row_number() OVER (ORDER BY "created_at" DESC, "id" DESC) - 1)::integer AS "rank" FROM "timeline_events") AS "ordered" WHERE "timeline_events"."id" = "ordered"."id";
