// Importing the bank's return file (ADR 030). The same file twice (same SHA-256) answers the first
// import and changes nothing. Otherwise the file is parsed and every line checked against our
// remittances before anything is written; one bad line refuses the whole file (422, every line's
// error listed). Then, in one transaction: each returned debit is recorded (a debit returned
// before, by another file, is reported, not applied twice), its recibo is devuelto with the R-code,
// its meaning and the fee the settings pass on, paid_at cleared (the debt reopens, and dunning picks
// it up by status), with history, audit and the customer's e-mail; a remittance with nothing left
// awaiting the bank is closed. Reads and writes are batched: a file costs a handful of statements.
import { createHash } from "node:crypto";
import type { ReturnImport, ReturnImportResult, ReturnLineError } from "../contract/returns";
import { formatMoment, formatMoney } from "../contract/format";
import { auditRow } from "../db/audit";
import type { Database, DbOrTx } from "../db/client";
import { readDistributor } from "../db/catalogue.repo";
import { pgErrorCode } from "../db/admin-users.repo";
import {
  closeSettledRemittances,
  type findImport,
  findImportBySha,
  insertAuditRows,
  insertHistoryRows,
  insertImport,
  insertOutboxRows,
  knownRemittanceMessageIds,
  lockReturnTargets,
  readReturnSettings,
  recibosForLines,
  writeReturns,
  type AppliedReturn,
  type ReturnTarget,
} from "../db/return-imports.repo";
import type { ReturnImportLine } from "../db/schema";
import { reopenFirstDebits } from "../db/sepa-mandates.repo";
import { checkReciboTransition } from "../domain/lifecycle";
import { SEPA_RETURN_CODES, returnCodeLabel, type SepaReturnCode } from "../domain/sepa-return-codes";
import { renderTemplate } from "./email-render";
import { templateInForce } from "./email-templates";
import type { Actor } from "./lifecycle";
import { returnNotice } from "./return-notice";
import { parseReturnFile, type ParsedReturnFile } from "./sepa-returns";

/** The file is refused as a whole: nothing of it was applied. */
export class ReturnFileRefused extends Error {
  constructor(
    message: string,
    readonly lineErrors: ReturnLineError[],
  ) {
    super(message);
    this.name = "ReturnFileRefused";
  }
}

export type ReturnImportDeps = { db: Database; publicBaseUrl?: string };

const RETURNABLE = new Set(["remesado", "cobrado"]);

export async function importReturnFile(
  deps: ReturnImportDeps,
  file: { fileName: string; bytes: Uint8Array },
  actor: Actor,
  now: Date,
): Promise<ReturnImportResult> {
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const earlier = await findImportBySha(deps.db, sha256);
  if (earlier) return repeatedAnswer(deps.db, earlier);

  const parsed = parseReturnFile(file.bytes);
  if (parsed.lines.length === 0) throw new ReturnFileRefused("El fichero no se puede leer: no se ha aplicado ninguna devolución.", parsed.errors);
  const settings = await readReturnSettings(deps.db, now);
  await refuseAnotherCreditor(deps.db, parsed, settings.creditorId);

  try {
    const written = await deps.db.transaction(async (tx) => {
      const targets = await lockReturnTargets(
        tx,
        parsed.lines.map((l) => l.endToEndId),
      );
      const errors = [...parsed.errors, ...lineErrors(parsed, targets)].sort((a, b) => a.line - b.line);
      if (errors.length) {
        throw new ReturnFileRefused(
          errors.length === 1
            ? "El fichero tiene un error: no se ha aplicado ninguna devolución. Corrija la línea indicada o pida al banco el fichero correcto."
            : `El fichero tiene ${errors.length} errores: no se ha aplicado ninguna devolución. Corrija las líneas indicadas o pida al banco el fichero correcto.`,
          errors,
        );
      }
      const results: ReturnImportLine[] = [];
      const applied: AppliedReturn[] = [];
      for (const line of parsed.lines) {
        const target = targets.get(line.endToEndId)!;
        const again = target.returnedBefore || target.itemStatus === "devuelto" || target.reciboStatus === "devuelto";
        results.push({
          line: line.line,
          endToEndId: line.endToEndId,
          code: line.code,
          outcome: again ? "ya_devuelto" : "devuelto",
          reciboId: target.reciboId,
        });
        if (!again) applied.push({ target, code: line.code, reason: SEPA_RETURN_CODES[line.code], feeCents: settings.feeCents });
      }
      const row = await insertImport(tx, {
        fileSha256: sha256,
        fileName: file.fileName,
        format: parsed.format,
        lineCount: parsed.lines.length,
        applied: applied.length,
        alreadyReturned: results.length - applied.length,
        results,
        createdById: actor.actorId == null ? null : String(actor.actorId),
        createdByLabel: actor.actorLabel ?? null,
        createdAt: now,
      });
      await writeReturns(tx, row.id, applied, now);
      // A returned first debit (FRST) is presented as a first debit again (ADR 033).
      await reopenFirstDebits(
        tx,
        applied.map((a) => ({ remittanceId: a.target.remittanceId, reciboId: a.target.reciboId })),
      );
      await recordAndNotify(tx, deps, row.id, applied, actor, now);
      await closeSettledRemittances(tx, [...new Set(applied.map((a) => a.target.remittanceId))]);
      await insertAuditRows(tx, [
        auditRow({
          ...actor,
          action: "return_import.imported",
          entity: "return_import",
          entityId: row.id,
          before: null,
          after: {
            fileName: file.fileName,
            format: parsed.format,
            sha256,
            lines: parsed.lines.length,
            applied: applied.length,
            alreadyReturned: row.alreadyReturned,
          },
          at: now,
        }),
      ]);
      return row;
    });
    const view = await importView(deps.db, written);
    return { repeated: false, message: importedMessage(view), import: view };
  } catch (error) {
    // Two uploads of the same file at once: the second finds the first's row once it commits.
    if (pgErrorCode(error) === "23505") {
      const first = await findImportBySha(deps.db, sha256);
      if (first) return repeatedAnswer(deps.db, first);
    }
    throw error;
  }
}

/** A pain.002 answers one of our remittances and names our creditor identifier; anything else is another creditor's file. */
async function refuseAnotherCreditor(db: DbOrTx, parsed: ParsedReturnFile, ourCreditorId: string | null) {
  const foreign = parsed.creditorIds.filter((id) => ourCreditorId && id !== ourCreditorId);
  if (foreign.length) {
    throw new ReturnFileRefused(
      `Este fichero es de otro acreedor (identificador ${foreign.join(", ")}); el nuestro es ${ourCreditorId}. No se ha aplicado ninguna devolución.`,
      [],
    );
  }
  if (parsed.originalMessageIds.length) {
    const known = await knownRemittanceMessageIds(db, parsed.originalMessageIds);
    const unknown = parsed.originalMessageIds.filter((id) => !known.has(id));
    if (unknown.length) {
      throw new ReturnFileRefused(
        `Este fichero responde a la remesa ${unknown.join(", ")}, que no es ninguna de las nuestras: es de otro acreedor. No se ha aplicado ninguna devolución.`,
        [],
      );
    }
  }
}

function lineErrors(parsed: ParsedReturnFile, targets: Map<string, ReturnTarget>): ReturnLineError[] {
  const errors: ReturnLineError[] = [];
  for (const line of parsed.lines) {
    const target = targets.get(line.endToEndId);
    const fail = (message: string) => errors.push({ line: line.line, message });
    if (!target) {
      fail(`La referencia ${line.endToEndId} no corresponde a ningún adeudo de nuestras remesas`);
      continue;
    }
    if (parsed.originalMessageIds.length && !parsed.originalMessageIds.includes(target.remittanceMessageId)) {
      fail(`El adeudo ${line.endToEndId} es de la remesa ${target.remittanceMessageId}, no de la que cita el fichero`);
      continue;
    }
    const again = target.returnedBefore || target.itemStatus === "devuelto" || target.reciboStatus === "devuelto";
    if (!again && (!RETURNABLE.has(target.reciboStatus) || !checkReciboTransition(target.reciboStatus as "remesado", "devolver").ok)) {
      const check = checkReciboTransition(target.reciboStatus as "remesado", "devolver");
      fail(
        `Recibo ${target.sequence} de la póliza ${target.policyNumber}: ${check.ok ? `está ${target.reciboStatus}; no se puede devolver` : check.message}`,
      );
      continue;
    }
    if (line.amountCents !== undefined && line.amountCents !== target.itemAmountCents) {
      fail(`El importe ${formatMoney(line.amountCents)} no coincide con el del adeudo ${line.endToEndId} (${formatMoney(target.itemAmountCents)})`);
    }
  }
  return errors;
}

/** History and audit of each returned recibo, and the customer's e-mail (or a history line saying there was no address). */
async function recordAndNotify(tx: DbOrTx, deps: ReturnImportDeps, importId: number, applied: AppliedReturn[], actor: Actor, now: Date) {
  if (applied.length === 0) return;
  const distributor = await readDistributor(tx, now);
  const who = { actorType: actor.actorType, actorId: actor.actorId == null ? null : String(actor.actorId), actorLabel: actor.actorLabel ?? null };
  const history = applied.map(({ target: t, code, feeCents }) => ({
    ...who,
    policyId: t.policyId,
    at: now,
    event: "recibo_devuelto",
    summary: `Recibo ${t.sequence} (${formatMoney(t.amountCents)}) devuelto por el banco: ${returnCodeLabel(code as SepaReturnCode)}${feeCents ? `. Gastos de devolución: ${formatMoney(feeCents)}` : ""}`,
    details: { recibo: t.sequence, code, endToEndId: t.endToEndId, feeCents, importId },
  }));
  const audit = applied.map(({ target: t, code, reason, feeCents }) =>
    auditRow({
      ...actor,
      action: "recibo.returned",
      entity: "recibo",
      entityId: t.reciboId,
      before: { status: t.reciboStatus },
      after: {
        policyId: t.policyId,
        sequence: t.sequence,
        status: "devuelto",
        code,
        reason,
        feeCents,
        endToEndId: t.endToEndId,
        importId,
        paidAt: null,
      },
      at: now,
    }),
  );
  const template = await templateInForce(tx, "recibo-devuelto");
  const mailed = applied.filter((a) => a.target.policyholderEmail ?? a.target.accountEmail);
  const emails = mailed.map(({ target: t, code, reason, feeCents }) => {
    const to = (t.policyholderEmail ?? t.accountEmail)!;
    const notice = returnNotice(
      {
        to,
        policyholderName: t.policyholderName,
        policyId: t.policyId,
        policyNumber: t.policyNumber,
        sequence: t.sequence,
        dueDate: t.dueDate,
        amountCents: t.amountCents,
        feeCents,
        code,
        reason,
        hasAccount: t.userId !== null,
      },
      distributor,
      deps.publicBaseUrl,
    );
    const { subject, text, html } = renderTemplate(template, notice.values, distributor);
    return {
      to,
      subject,
      template: notice.template,
      policyId: t.policyId,
      body: text,
      html,
      attachments: [],
      status: "pendiente" as const,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    };
  });
  const emailIds = await insertOutboxRows(tx, emails);
  for (const [i, { target: t }] of mailed.entries()) {
    audit.push(
      auditRow({
        ...actor,
        action: "email.queued",
        entity: "outbox_email",
        entityId: emailIds[i],
        after: { to: emails[i]!.to, kind: "return_notice", policyId: t.policyId },
        at: now,
      }),
    );
    history.push({
      ...who,
      policyId: t.policyId,
      at: now,
      event: "aviso_cliente",
      summary: `Aviso de la devolución del recibo ${t.sequence} enviado al tomador por correo electrónico`,
      details: { notice: "return", emailId: emailIds[i] } as never,
    });
  }
  for (const { target: t } of applied.filter((a) => !(a.target.policyholderEmail ?? a.target.accountEmail))) {
    history.push({
      ...who,
      policyId: t.policyId,
      at: now,
      event: "aviso_cliente",
      summary: `Sin aviso de la devolución del recibo ${t.sequence} por correo: el tomador no tiene dirección de correo electrónico`,
      details: { notice: "return", emailId: null } as never,
    });
  }
  await insertHistoryRows(tx, history);
  await insertAuditRows(tx, audit);
}

type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

/** An import with its lines named: recibo, policy, amount, fee. */
export async function importView(db: DbOrTx, row: ImportRow): Promise<ReturnImport> {
  const recibos = await recibosForLines(db, [...new Set(row.results.map((r) => r.reciboId))]);
  const byRecibo = new Map<number, (typeof recibos)[number]>();
  const byEndToEnd = new Map<string, (typeof recibos)[number]>();
  for (const r of recibos) {
    byRecibo.set(r.reciboId, r);
    if (r.endToEndId) byEndToEnd.set(r.endToEndId, r);
  }
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format as ReturnImport["format"],
    lineCount: row.lineCount,
    applied: row.applied,
    alreadyReturned: row.alreadyReturned,
    createdAt: row.createdAt.toISOString(),
    createdByLabel: row.createdByLabel,
    lines: row.results.map((l) => {
      const r = byEndToEnd.get(l.endToEndId) ?? byRecibo.get(l.reciboId)!;
      return {
        line: l.line,
        endToEndId: l.endToEndId,
        code: l.code,
        reason: SEPA_RETURN_CODES[l.code as SepaReturnCode] ?? l.code,
        outcome: l.outcome,
        reciboId: l.reciboId,
        sequence: r.sequence,
        amountCents: r.amountCents,
        feeCents: byEndToEnd.get(l.endToEndId)?.feeCents ?? 0,
        policyId: r.policyId,
        policyNumber: r.policyNumber,
      };
    }),
  };
}

function importedMessage(view: ReturnImport): string {
  const applied = view.applied === 1 ? "1 recibo devuelto" : `${view.applied} recibos devueltos`;
  const again = view.alreadyReturned
    ? `; ${view.alreadyReturned === 1 ? "1 línea ya estaba devuelta" : `${view.alreadyReturned} líneas ya estaban devueltas`} por un fichero anterior`
    : "";
  return `Fichero importado: ${applied}${again}.`;
}

async function repeatedAnswer(db: DbOrTx, row: ImportRow): Promise<ReturnImportResult> {
  const view = await importView(db, row);
  return {
    repeated: true,
    message: `Este fichero ya se importó el ${formatMoment(row.createdAt)} por ${row.createdByLabel ?? "el sistema"}; no se ha cambiado nada.`,
    import: view,
  };
}
