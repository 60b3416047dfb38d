CREATE TABLE "admin_home" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"backup_downloaded_at" timestamp with time zone,
	"checklist_dismissed_at" timestamp with time zone,
	CONSTRAINT "admin_home_single_row" CHECK ("admin_home"."id" = 1)
);
