-- A container line is an equipment group whose units each hold a list of commodities (DCSA's
-- requestedEquipments[].commodities[]): shoes and T-shirts in the same three boxes. Each commodity
-- has its description, HS codes, Chinese name, packages, gross and net weight, volume and dangerous
-- goods. The line's flat cargo columns stay as its totals (the first commodity's description and
-- HS code, the sums), which the list, its search and the totals read. Every line made before holds
-- the one commodity its columns describe, so nothing is lost.
ALTER TABLE "booking_lines" ADD COLUMN "commodities" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "booking_lines" SET "commodities" = jsonb_build_array(jsonb_build_object(
  'description', "description",
  'hs_codes', CASE WHEN "hs_code" = '' THEN '[]'::jsonb ELSE jsonb_build_array("hs_code") END,
  'commodity_cn', '',
  'packages', "packages",
  'unit_id', "unit_id",
  'weight', "weight"::text,
  'net_weight', NULL,
  'volume', "volume"::text,
  'dangerous_goods', "dangerous_goods"
));--> statement-breakpoint
-- A commodity's description may run to DCSA's 550 characters.
ALTER TABLE "booking_lines" ALTER COLUMN "description" TYPE varchar(550);
