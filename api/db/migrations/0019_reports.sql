-- Issue 24 (ADR 034): the business reports are for superadmin, gestor and auditor. The seeded
-- comercial role had reports:read; the seed only adds permissions a role has never heard of, so
-- the existing role is changed here (its description too, which named the reports).
UPDATE "roles"
   SET "permissions" = "permissions" || '{"reports:read": false}'::jsonb,
       "description" = 'Ventas: embudo comercial, clientes y consulta de pólizas.',
       "updated_at" = now()
 WHERE "name" = 'comercial' AND "is_system" = true;
