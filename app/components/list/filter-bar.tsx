// The list kit's filter bar: a GET form (works without JavaScript) declared as a list of
// filters; it keeps the list's order, shows the API's refusals next to each filter, and offers
// "Quitar filtros" when any filter is on.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { DateField, Field, SelectField } from "~/components/ui/field";
import { useListPending } from "./data-table";

export type FilterDef =
  | { name: string; label: string; hint?: string; kind: "text" | "search" | "date" }
  | { name: string; label: string; hint?: string; kind: "select"; options: readonly { value: string; label: string }[]; placeholder: string };

export type FilterBarProps = {
  /** The form's id and accessible name ("Filtrar usuarios"). */
  id: string;
  label: string;
  filters: readonly FilterDef[];
  /** The filters as they are in the URL. */
  values: Record<string, string>;
  /** The loader's reply when the filters were refused. */
  lastResult?: SubmissionResult<string[]> | null;
  /** Parameters of the URL that are not filters but travel with them, as sort and dir do (e.g. the report shown). */
  keep?: readonly string[];
};

/** "Quitar filtros": the same list without filters, in the order the person chose (and what `keep` names). */
export function clearFiltersHref(pathname: string, search: string, keep: readonly string[] = []): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ["sort", "dir", ...keep]) if (params.get(key)) kept.set(key, params.get(key)!);
  return kept.size > 0 ? `${pathname}?${kept}` : pathname;
}

export function FilterBar(props: FilterBarProps) {
  const { search } = useLocation();
  // Remounted per search, so the boxes always show the filters of the list below them.
  return <FilterForm key={search} {...props} />;
}

function FilterForm({ id, label, filters, values, lastResult, keep = [] }: FilterBarProps) {
  const { pathname, search } = useLocation();
  const pending = useListPending();
  const params = new URLSearchParams(search);
  const [form, fields] = useForm<Record<string, string>>({ id, lastResult, defaultValue: values, shouldValidate: "onSubmit" });
  const active = filters.some((filter) => values[filter.name]);
  const clearHref = clearFiltersHref(pathname, search, keep);
  const metas = filters.map((filter) => fields[filter.name]!);

  return (
    <Form
      method="get"
      {...getFormProps(form)}
      role="search"
      aria-label={label}
      className="rounded-md border border-slate-200 bg-slate-50 p-4"
      preventScrollReset
    >
      <ErrorSummary form={form} fields={metas} />
      {["sort", "dir", ...keep].map((key) => (params.get(key) ? <input key={key} type="hidden" name={key} value={params.get(key)!} /> : null))}
      <div className="grid gap-x-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        {filters.map((filter, index) =>
          filter.kind === "select" ? (
            <SelectField
              key={filter.name}
              label={filter.label}
              hint={filter.hint}
              meta={metas[index]!}
              width="full"
              className="mt-4"
              placeholder={filter.placeholder}
              options={[...filter.options]}
            />
          ) : filter.kind === "date" ? (
            <DateField
              key={filter.name}
              label={filter.label}
              hint={filter.hint}
              example="01/03/2026"
              meta={metas[index]!}
              width="full"
              className="mt-4"
            />
          ) : (
            <Field
              key={filter.name}
              label={filter.label}
              hint={filter.hint}
              type={filter.kind}
              meta={metas[index]!}
              width="full"
              className="mt-4"
              inputProps={{ autoComplete: "off", spellCheck: false }}
            />
          ),
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" aria-disabled={pending || undefined}>
          {pending ? "Filtrando…" : "Filtrar"}
        </button>
        {active ? <Link to={clearHref}>Quitar filtros</Link> : null}
      </div>
    </Form>
  );
}
