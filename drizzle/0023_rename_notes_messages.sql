-- One name per feature (decision 0387): notes (were posts) and messages (were
-- contact_messages). Every table, column, constraint, index and sequence is
-- renamed in place, so the rows stay as they are; stored names of the old
-- words (Trash kinds, audit actions) are rewritten.
ALTER TABLE "contact_messages" RENAME TO "messages";--> statement-breakpoint
ALTER TABLE "post_slugs" RENAME TO "note_slugs";--> statement-breakpoint
ALTER TABLE "posts" RENAME TO "notes";--> statement-breakpoint
ALTER TABLE "note_slugs" RENAME COLUMN "post_id" TO "note_id";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "contact_messages_pkey" TO "messages_pkey";--> statement-breakpoint
ALTER TABLE "messages" RENAME CONSTRAINT "contact_messages_status_check" TO "messages_status_check";--> statement-breakpoint
ALTER TABLE "notes" RENAME CONSTRAINT "posts_pkey" TO "notes_pkey";--> statement-breakpoint
ALTER TABLE "notes" RENAME CONSTRAINT "posts_slug_unique" TO "notes_slug_unique";--> statement-breakpoint
ALTER TABLE "notes" RENAME CONSTRAINT "posts_status_check" TO "notes_status_check";--> statement-breakpoint
ALTER TABLE "note_slugs" RENAME CONSTRAINT "post_slugs_pkey" TO "note_slugs_pkey";--> statement-breakpoint
ALTER TABLE "note_slugs" RENAME CONSTRAINT "post_slugs_post_id_posts_id_fk" TO "note_slugs_note_id_notes_id_fk";--> statement-breakpoint
ALTER INDEX "contact_messages_created_at_idx" RENAME TO "messages_created_at_idx";--> statement-breakpoint
ALTER INDEX "contact_messages_status_idx" RENAME TO "messages_status_idx";--> statement-breakpoint
ALTER INDEX "post_slugs_post_id_idx" RENAME TO "note_slugs_note_id_idx";--> statement-breakpoint
ALTER INDEX "posts_published_idx" RENAME TO "notes_published_idx";--> statement-breakpoint
ALTER INDEX "posts_due_idx" RENAME TO "notes_due_idx";--> statement-breakpoint
ALTER INDEX "posts_search_idx" RENAME TO "notes_search_idx";--> statement-breakpoint
ALTER SEQUENCE "contact_messages_id_seq" RENAME TO "messages_id_seq";--> statement-breakpoint
ALTER SEQUENCE "posts_id_seq" RENAME TO "notes_id_seq";--> statement-breakpoint
ALTER TABLE "trash" DROP CONSTRAINT "trash_kind_check";--> statement-breakpoint
UPDATE "trash" SET "kind" = 'note' WHERE "kind" = 'post';--> statement-breakpoint
ALTER TABLE "trash" ADD CONSTRAINT "trash_kind_check" CHECK ("trash"."kind" in ('project', 'timeline_event', 'message', 'image', 'note'));--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'notes.' || substr("action", length('posts.') + 1) WHERE "action" LIKE 'posts.%';--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'messages.' || substr("action", length('contact.') + 1) WHERE "action" LIKE 'contact.%';
