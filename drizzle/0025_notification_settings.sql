CREATE TABLE "notification_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_security" text DEFAULT 'starttls' NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"smtp_password" text,
	"email_from" text DEFAULT '' NOT NULL,
	"email_to" text DEFAULT '' NOT NULL,
	"webhook_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_single_row" CHECK ("notification_settings"."id" = 1),
	CONSTRAINT "notification_settings_security_check" CHECK ("notification_settings"."smtp_security" in ('tls', 'starttls', 'none')),
	CONSTRAINT "notification_settings_port_check" CHECK ("notification_settings"."smtp_port" between 1 and 65535)
);
