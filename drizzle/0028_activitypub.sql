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
CREATE UNIQUE INDEX "activitypub_deliveries_once" ON "activitypub_deliveries" USING btree ("activity_id","inbox");--> statement-breakpoint
CREATE INDEX "activitypub_deliveries_due_idx" ON "activitypub_deliveries" USING btree ("next_attempt_at") WHERE "activitypub_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "activitypub_deliveries_note_idx" ON "activitypub_deliveries" USING btree ("note_id");