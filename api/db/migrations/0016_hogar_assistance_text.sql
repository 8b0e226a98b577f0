-- Issue 28: the home assistance guarantee said "3 horas de mano de obra" twice, in its description
-- and in its limit, which the pages show one after the other. The limit keeps it; the description
-- no longer repeats it. Only a row still holding the seeded text changes; an edited one stays.
UPDATE "guarantees" SET "description" = 'Fontanero, electricista y cerrajero urgentes, las 24 horas del día.'
  WHERE "code" = 'hogar_asistencia'
    AND "description" = 'Fontanero, electricista y cerrajero urgentes las 24 horas, con 3 horas de mano de obra incluidas.';
