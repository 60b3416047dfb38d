CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_views" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"share_link_id" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_views_day_path_referrer_host_device_share_link_id_pk" PRIMARY KEY("day","path","referrer_host","device","share_link_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"day" date NOT NULL,
	"share_link_id" integer DEFAULT 0 NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "analytics_visitors_day_share_link_id_visitor_pk" PRIMARY KEY("day","share_link_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"target_path" text NOT NULL,
	"first_seen_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_code_unique" UNIQUE("code")
);
