CREATE TABLE "appearance" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"style" text DEFAULT 'minimal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appearance_single_row" CHECK ("appearance"."id" = 1),
	CONSTRAINT "appearance_style" CHECK ("appearance"."style" in ('minimal', 'editorial', 'bold'))
);
