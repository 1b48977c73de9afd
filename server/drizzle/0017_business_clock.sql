CREATE TABLE "business_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"floor_at" timestamp with time zone NOT NULL,
	"swept_through" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone NOT NULL
);
