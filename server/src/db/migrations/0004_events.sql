CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"calendar_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"start_timezone" text NOT NULL,
	"end_timezone" text NOT NULL,
	"location" jsonb NOT NULL,
	"hex_color" text DEFAULT '4256c1' NOT NULL,
	"kind" text DEFAULT 'classic' NOT NULL,
	"rsvp_type" integer DEFAULT 1 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color_settings" jsonb NOT NULL,
	"extended_properties" jsonb NOT NULL,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"livestreams_max" integer DEFAULT 4 NOT NULL,
	"repeating_rule" text,
	"series_until" timestamp with time zone,
	"parent_id" text,
	"occurrence_date" timestamp with time zone,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"last_action_type" text DEFAULT 'create' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_event_statuses" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"group_id" text,
	"rsvp" text DEFAULT 'pending' NOT NULL,
	"attendance" text DEFAULT 'unknown' NOT NULL,
	"invited_by_id" text,
	"shared_at" timestamp with time zone,
	"link_calendar_id" text,
	"event_start" timestamp with time zone NOT NULL,
	"event_is_series" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_parent_id_events_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_statuses" ADD CONSTRAINT "user_event_statuses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_statuses" ADD CONSTRAINT "user_event_statuses_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_statuses" ADD CONSTRAINT "user_event_statuses_group_id_calendars_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."calendars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_statuses" ADD CONSTRAINT "user_event_statuses_invited_by_id_accounts_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_statuses" ADD CONSTRAINT "user_event_statuses_link_calendar_id_calendars_id_fk" FOREIGN KEY ("link_calendar_id") REFERENCES "public"."calendars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_calendar_start_idx" ON "events" USING btree ("calendar_id","start_date","id") WHERE repeating_rule IS NULL AND parent_id IS NULL;--> statement-breakpoint
CREATE INDEX "events_calendar_series_idx" ON "events" USING btree ("calendar_id","series_until") WHERE repeating_rule IS NOT NULL AND parent_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_exception_key" ON "events" USING btree ("parent_id","occurrence_date") WHERE parent_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_owner_idx" ON "events" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_event_statuses_user_key" ON "user_event_statuses" USING btree ("event_id","user_id") WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_event_statuses_email_key" ON "user_event_statuses" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "user_event_statuses_name_idx" ON "user_event_statuses" USING btree ("event_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "user_event_statuses_link_start_idx" ON "user_event_statuses" USING btree ("link_calendar_id","event_start","event_id") WHERE link_calendar_id IS NOT NULL AND NOT event_is_series;--> statement-breakpoint
CREATE INDEX "user_event_statuses_link_series_idx" ON "user_event_statuses" USING btree ("link_calendar_id") WHERE link_calendar_id IS NOT NULL AND event_is_series;--> statement-breakpoint
CREATE INDEX "user_event_statuses_email_idx" ON "user_event_statuses" USING btree ("email") WHERE user_id IS NULL;