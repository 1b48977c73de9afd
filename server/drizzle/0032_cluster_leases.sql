CREATE TABLE "cluster_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"epoch" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"takeovers" integer DEFAULT 0 NOT NULL
);
