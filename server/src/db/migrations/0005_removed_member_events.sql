-- Issue 10: members removed from a calendar kept owning (and so editing, deleting and reading
-- the attendees of) the events they created in it. An event's owner must be the calendar's
-- owner or a confirmed member; pass every other event of a live calendar to the calendar owner.
UPDATE "events" SET "owner_id" = "calendars"."owner_id"
FROM "calendars"
WHERE "calendars"."id" = "events"."calendar_id"
  AND "calendars"."deleted_at" IS NULL
  AND "events"."owner_id" <> "calendars"."owner_id"
  AND NOT EXISTS (
    SELECT 1 FROM "calendar_members"
    WHERE "calendar_members"."calendar_id" = "events"."calendar_id"
      AND "calendar_members"."user_id" = "events"."owner_id"
      AND "calendar_members"."is_confirmed"
  );
