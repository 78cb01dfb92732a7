CREATE TABLE "calendar_members" (
	"id" text PRIMARY KEY NOT NULL,
	"calendar_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"is_confirmed" boolean DEFAULT false NOT NULL,
	"settings" jsonb NOT NULL,
	"invited_by_id" text,
	"last_action_type" text DEFAULT 'create' NOT NULL,
	"action_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_log" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "cover_photo_link" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "linked_chat_id" text;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "last_action_type" text DEFAULT 'create' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_members" ADD CONSTRAINT "calendar_members_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_members" ADD CONSTRAINT "calendar_members_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_members" ADD CONSTRAINT "calendar_members_invited_by_id_accounts_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_log" ADD CONSTRAINT "invitation_log_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_members_user_key" ON "calendar_members" USING btree ("calendar_id","user_id") WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_members_email_key" ON "calendar_members" USING btree ("calendar_id","email");--> statement-breakpoint
CREATE INDEX "calendar_members_user_idx" ON "calendar_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_members_email_idx" ON "calendar_members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "invitation_log_user_at_idx" ON "invitation_log" USING btree ("user_id","at");--> statement-breakpoint
INSERT INTO "calendar_members" ("id", "calendar_id", "user_id", "email", "name", "role", "permissions", "is_confirmed", "settings")
SELECT md5(random()::text || c."id"), c."id", a."id", a."email", a."name", 'owner',
  '{"canView":true,"canAdd":true,"canEdit":true,"canShare":true,"isOwner":true}'::jsonb, true, c."settings"
FROM "calendars" c JOIN "accounts" a ON a."id" = c."owner_id"
WHERE NOT EXISTS (SELECT 1 FROM "calendar_members" m WHERE m."calendar_id" = c."id" AND m."user_id" = a."id");
