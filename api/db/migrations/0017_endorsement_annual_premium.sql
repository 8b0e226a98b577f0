ALTER TABLE "endorsements" ADD COLUMN "annual_premium" jsonb;--> statement-breakpoint
-- Suplementos made before this column (ADR 023): the policy's yearly premium after each one of
-- its current term, as api/domain/endorsement-price.ts annualPremiumAfter computes it: the term's
-- net plus the yearly price of every guarantee added by then, the recargo por fraccionamiento,
-- CLEA and IPS at the rates of the settings (round() of a numeric rounds half away from zero, as
-- the domain's half up), and the term's Consorcio. Those of earlier terms stay null: the renewal
-- that followed priced their guarantees into its premium.
WITH added AS (
  SELECT e.id,
         p.net_premium_cents::bigint + (
           SELECT coalesce(sum((g ->> 'yearlyCents')::bigint), 0)
           FROM "endorsements" e2 CROSS JOIN LATERAL jsonb_array_elements(e2.guarantees) AS g
           WHERE e2.policy_id = e.policy_id AND e2.term = e.term AND e2.version <= e.version
         ) AS net,
         p.consorcio_cents::bigint AS consorcio,
         (SELECT (s.value ->> p.frequency::text)::bigint FROM "settings" s WHERE s.key = 'fractionation_surcharges_bp') AS fractionation_bp,
         (SELECT (s.value #>> '{}')::bigint FROM "settings" s WHERE s.key = 'clea_bp') AS clea_bp,
         (SELECT (s.value #>> '{}')::bigint FROM "settings" s WHERE s.key = 'ips_bp') AS ips_bp
  FROM "endorsements" e
  JOIN "policies" p ON p.id = e.policy_id AND p.term = e.term
  WHERE e.annual_premium IS NULL
), parts AS (
  SELECT id, net, consorcio, ips_bp,
         round(net * fractionation_bp / 10000.0)::bigint AS fractionation,
         round(net * clea_bp / 10000.0)::bigint AS clea
  FROM added
), priced AS (
  SELECT id, net, consorcio, fractionation, clea, round((net + fractionation) * ips_bp / 10000.0)::bigint AS ips
  FROM parts
)
UPDATE "endorsements" e
SET annual_premium = jsonb_build_object(
  'net', pr.net, 'fractionation', pr.fractionation, 'consorcio', pr.consorcio, 'clea', pr.clea, 'ips', pr.ips,
  'total', pr.net + pr.fractionation + pr.consorcio + pr.clea + pr.ips
)
FROM priced pr
WHERE pr.id = e.id;
