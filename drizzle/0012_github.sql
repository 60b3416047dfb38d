CREATE TABLE "github_repositories" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb,
	"etag" text,
	"languages_etag" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"fetched_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_repositories_status_check" CHECK ("github_repositories"."status" in ('pending', 'ok', 'unavailable', 'error'))
);
--> statement-breakpoint
CREATE TABLE "github_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"blocked_until" timestamp with time zone,
	"manual_refresh_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "github_state_single_row" CHECK ("github_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "github_repositories_due_idx" ON "github_repositories" USING btree ("next_fetch_at");