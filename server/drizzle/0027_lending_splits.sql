CREATE TABLE "lending_splits" (
	"code" text NOT NULL,
	"effective_date" text NOT NULL,
	"ratio" integer NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lending_splits_code_effective_date_pk" PRIMARY KEY("code","effective_date")
);
