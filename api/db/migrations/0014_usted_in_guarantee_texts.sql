-- The public site speaks "usted" (issue 11): three seeded guarantee descriptions said "tú".
-- Only rows still holding the seeded text change; a text an admin has edited stays as it is.
UPDATE "guarantees" SET "description" = 'El cambio de cerradura cuando recupera la vivienda tras el desahucio.'
  WHERE "description" = 'El cambio de cerradura cuando recuperas la vivienda tras el desahucio.';--> statement-breakpoint
UPDATE "guarantees" SET "description" = 'Abogado y procurador para reclamar daños o defenderle tras un accidente de tráfico, y gestión de multas.'
  WHERE "description" = 'Abogado y procurador para reclamar daños o defenderte tras un accidente de tráfico, y gestión de multas.';--> statement-breakpoint
UPDATE "guarantees" SET "description" = 'Un coche de alquiler mientras el suyo está en el taller por un siniestro cubierto o ha sido robado.'
  WHERE "description" = 'Un coche de alquiler mientras el tuyo está en el taller por un siniestro cubierto o ha sido robado.';
