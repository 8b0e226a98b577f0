// /admin/settings: the business settings by effective date (ADR 038) — every key with the value in
// force today and its scheduled changes, one key's history, a new version (from today or later),
// and the withdrawal of a version that has not started. The one way to change a setting.
import { currentAdmin } from "../auth";
import {
  isSettingKey,
  NewSettingVersionSchema,
  SETTING_DESCRIPTIONS,
  SETTING_KEYS,
  SETTING_LABELS,
  SETTING_MESSAGES,
  SettingDetailSchema,
  type SettingDetail,
  settingGroupOf,
  SettingKeyParamSchema,
  SettingsOverviewSchema,
  SettingVersionParamSchema,
  settingValueErrors,
  SETTING_VALUE_SCHEMAS,
  type SettingKey,
  type SettingSummary,
  type SettingVersionView,
} from "../contract/settings";
import { adminActor, writeAudit } from "../db/audit";
import {
  insertSettingVersion,
  lockSettingKey,
  markSettingVersionWithdrawn,
  readSettingVersions,
  settingHistory,
  type StoredSettingVersion,
} from "../db/settings.repo";
import { isIsoDate, madridDate } from "../domain/calendar";
import { scheduledVersions, versionInForce, versionStatus } from "../domain/setting-versions";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: configuración"];

const listRoute = adminRoute({
  method: "get",
  path: "/admin/settings",
  operationId: "listSettings",
  tags: TAGS,
  summary: "Los ajustes del negocio: el valor en vigor hoy de cada uno y sus cambios programados",
  responses: { 200: { description: "Ajustes", content: jsonContent(SettingsOverviewSchema) } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/settings/{key}",
  operationId: "getSetting",
  tags: TAGS,
  summary: "Un ajuste: su valor en vigor, los cambios programados y todas sus versiones",
  request: { params: SettingKeyParamSchema },
  responses: { 200: { description: "Ajuste", content: jsonContent(SettingDetailSchema) } },
});

const createRoute = adminRoute({
  method: "post",
  path: "/admin/settings/{key}",
  operationId: "createSettingVersion",
  tags: TAGS,
  summary: "Programa un nuevo valor de un ajuste desde una fecha de efecto (hoy o más adelante); auditado con el antes y el después",
  description:
    "El valor tiene la forma de su clave (importes en céntimos, porcentajes en puntos básicos). Un valor no válido o una fecha pasada es un 422 con el mensaje de cada campo (nombres de campo: su ruta unida por «_», p. ej. auto_name).",
  request: { params: SettingKeyParamSchema, body: { required: true, content: jsonContent(NewSettingVersionSchema) } },
  responses: { 201: { description: "Versión creada; el ajuste como queda", content: jsonContent(SettingDetailSchema) }, ...errorResponses(422) },
});

const withdrawRoute = adminRoute({
  method: "delete",
  path: "/admin/settings/{key}/versions/{id}",
  operationId: "withdrawSettingVersion",
  tags: TAGS,
  summary: "Retira un cambio programado que aún no ha empezado (409 si ya está en vigor o se retiró); auditado",
  request: { params: SettingVersionParamSchema },
  responses: { 200: { description: "El ajuste como queda", content: jsonContent(SettingDetailSchema) }, ...errorResponses(409) },
});

function keyOr404(key: string): SettingKey {
  if (!isSettingKey(key)) throw new ApiProblem(404, SETTING_MESSAGES.notFound);
  return key;
}

function versionOut(v: StoredSettingVersion, inForce: StoredSettingVersion | null, today: string): SettingVersionView {
  return {
    id: v.id,
    value: v.value,
    effectiveFrom: v.effectiveFrom,
    createdAt: v.createdAt.toISOString(),
    createdBy: v.createdByLabel,
    note: v.note,
    status: versionStatus(v, inForce, today),
    withdrawnAt: v.withdrawnAt?.toISOString() ?? null,
    withdrawnBy: v.withdrawnByLabel,
  };
}

function summaryOf(key: SettingKey, versions: readonly StoredSettingVersion[], today: string): SettingSummary {
  const own = versions.filter((v) => v.key === key);
  const inForce = versionInForce(own, today);
  return {
    key,
    group: settingGroupOf(key),
    label: SETTING_LABELS[key],
    description: SETTING_DESCRIPTIONS[key],
    value: inForce?.value ?? null,
    since: inForce?.effectiveFrom ?? "",
    scheduled: scheduledVersions(own, today).map((v) => versionOut(v, inForce, today)),
  };
}

async function detail(db: Parameters<typeof settingHistory>[0], key: SettingKey, today: string): Promise<SettingDetail> {
  const history = await settingHistory(db, key);
  const live = history.filter((v) => !v.withdrawnAt);
  const inForce = versionInForce(live, today);
  return { ...summaryOf(key, live, today), today, history: history.map((v) => versionOut(v, inForce, today)) };
}

export function registerAdminSettingRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => {
    const today = madridDate(c.var.deps.now());
    const versions = await readSettingVersions(c.var.deps.readDb);
    return c.json({ today, settings: SETTING_KEYS.map((key) => summaryOf(key, versions, today)) }, 200);
  });

  api.openapi(getRoute, async (c) => {
    const key = keyOr404(c.req.valid("param").key);
    return c.json(await detail(c.var.deps.readDb, key, madridDate(c.var.deps.now())), 200);
  });

  api.openapi(createRoute, async (c) => {
    const key = keyOr404(c.req.valid("param").key);
    const input = c.req.valid("json");
    const now = c.var.deps.now();
    const today = madridDate(now);
    const errors = settingValueErrors(key, input.value);
    if (!isIsoDate(input.effectiveFrom)) errors.effectiveFrom = [SETTING_MESSAGES.effectiveFrom];
    else if (input.effectiveFrom < today) errors.effectiveFrom = [SETTING_MESSAGES.effectiveFromPast];
    if (Object.keys(errors).length > 0) throw new ApiProblem(422, SETTING_MESSAGES.invalid, errors);
    // Stored as its schema gives it back: trimmed, normalized (IBAN, NIF), lists in order.
    const value = SETTING_VALUE_SCHEMAS[key].parse(input.value) as unknown;
    const admin = currentAdmin(c);
    const actor = adminActor(c);
    const result = await c.var.deps.db.transaction(async (tx) => {
      await lockSettingKey(tx, key);
      const before = versionInForce(await readSettingVersions(tx, [key]), input.effectiveFrom);
      const created = await insertSettingVersion(tx, {
        key,
        value,
        effectiveFrom: input.effectiveFrom,
        at: now,
        adminId: admin.id,
        adminLabel: actor.actorLabel ?? null,
        note: input.note || null,
      });
      await writeAudit(tx, {
        ...actor,
        at: now,
        action: "setting.version_created",
        entity: "setting",
        entityId: key,
        // Before: the value that would have applied on the effective date without this version.
        before: before ? { value: before.value, effectiveFrom: before.effectiveFrom } : null,
        after: { id: created.id, value, effectiveFrom: input.effectiveFrom, note: input.note || null },
      });
      return detail(tx, key, today);
    });
    c.var.deps.catalogue.invalidate();
    return c.json(result, 201);
  });

  api.openapi(withdrawRoute, async (c) => {
    const { key: rawKey, id } = c.req.valid("param");
    const key = keyOr404(rawKey);
    const now = c.var.deps.now();
    const today = madridDate(now);
    const actor = adminActor(c);
    const result = await c.var.deps.db.transaction(async (tx) => {
      await lockSettingKey(tx, key);
      const version = (await settingHistory(tx, key)).find((v) => v.id === id);
      if (!version) throw new ApiProblem(404, SETTING_MESSAGES.versionNotFound);
      if (version.withdrawnAt) throw new ApiProblem(409, SETTING_MESSAGES.alreadyWithdrawn);
      if (version.effectiveFrom <= today) throw new ApiProblem(409, SETTING_MESSAGES.alreadyInForce);
      await markSettingVersionWithdrawn(tx, id, now, actor.actorLabel ?? null);
      await writeAudit(tx, {
        ...actor,
        at: now,
        action: "setting.version_withdrawn",
        entity: "setting",
        entityId: key,
        before: { id, value: version.value, effectiveFrom: version.effectiveFrom },
        after: null,
      });
      return detail(tx, key, today);
    });
    c.var.deps.catalogue.invalidate();
    return c.json(result, 200);
  });
}
