CREATE TABLE "site_config" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"title" text NOT NULL,
	"title_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
