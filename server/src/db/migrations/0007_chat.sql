CREATE TABLE "chat_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"invited_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_invitations_email_key" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "conversation_participants" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"user_id" text,
	"email" text,
	"role" text DEFAULT 'participant' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"last_read_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"description" text,
	"photo" text,
	"status" text DEFAULT 'active' NOT NULL,
	"color" text,
	"is_support_thread" boolean DEFAULT false NOT NULL,
	"support_account_id" text,
	"linked_to" text,
	"direct_key" text,
	"created_by_id" text,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"seq" integer NOT NULL,
	"sender_id" text,
	"type" text DEFAULT 'message' NOT NULL,
	"message" text,
	"media" text,
	"data" jsonb,
	"status" text DEFAULT 'created' NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_invitations" ADD CONSTRAINT "chat_invitations_invited_by_id_accounts_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_support_account_id_accounts_id_fk" FOREIGN KEY ("support_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_accounts_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_participants_user_key" ON "conversation_participants" USING btree ("conversation_id","user_id") WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_participants_email_key" ON "conversation_participants" USING btree ("conversation_id","email") WHERE user_id IS NULL;--> statement-breakpoint
CREATE INDEX "conversation_participants_user_idx" ON "conversation_participants" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "conversation_participants_email_idx" ON "conversation_participants" USING btree ("email") WHERE user_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_direct_key" ON "conversations" USING btree ("direct_key");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_linked_to_key" ON "conversations" USING btree ("linked_to");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_support_account_key" ON "conversations" USING btree ("support_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_key" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_key" ON "messages" USING btree ("conversation_id","sender_id","client_key") WHERE client_key IS NOT NULL;--> statement-breakpoint
-- Backfill: every live shared calendar made before chat gets its conversation, with its
-- confirmed members (idempotent, so it may run on a database where some already exist).
INSERT INTO "conversations" ("id", "type", "name", "linked_to", "created_by_id")
SELECT replace(gen_random_uuid()::text, '-', ''), 'calendar', c."name", c."id", c."owner_id"
FROM "calendars" c
WHERE NOT c."is_personal" AND c."deleted_at" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "conversations" v WHERE v."linked_to" = c."id");--> statement-breakpoint
INSERT INTO "conversation_participants" ("id", "conversation_id", "user_id", "role")
SELECT replace(gen_random_uuid()::text, '-', ''), v."id", m."user_id",
  CASE WHEN m."user_id" = c."owner_id" THEN 'owner' ELSE 'participant' END
FROM "conversations" v
JOIN "calendars" c ON c."id" = v."linked_to"
JOIN "calendar_members" m ON m."calendar_id" = c."id" AND m."is_confirmed" AND m."user_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "calendars" c SET "linked_chat_id" = v."id"
FROM "conversations" v
WHERE v."linked_to" = c."id" AND c."linked_chat_id" IS NULL;
