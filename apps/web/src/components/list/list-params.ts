/**
 * A list screen's state as its URL holds it (search, filters, page, order): links, reloads and
 * back/forward restore it. Each filter has a codec that reads the query string leniently
 * (anything unknown or malformed is the empty value) and leaves empty values out of it.
 */
export interface ParamCodec<T> {
  empty: T;
  read(raw: string | null): T;
  /** undefined: left out of the URL. */
  write(value: T): string | undefined;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const param = {
  /** Free text, trimmed. */
  text: (): ParamCodec<string> => ({
    empty: '',
    read: (raw) => (raw ?? '').trim(),
    write: (value) => value.trim() || undefined,
  }),
  /** One of a fixed set of values, else ''. */
  oneOf: <const T extends string>(values: readonly T[]): ParamCodec<T | ''> => ({
    empty: '',
    read: (raw) => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : ''),
    write: (value) => value || undefined,
  }),
  /** `true` (or `1`) when on; off is left out. */
  flag: (): ParamCodec<boolean> => ({
    empty: false,
    read: (raw) => raw === 'true' || raw === '1',
    write: (value) => (value ? 'true' : undefined),
  }),
  /** A record id (UUID), else ''. */
  uuid: (): ParamCodec<string> => ({
    empty: '',
    read: (raw) => (raw !== null && UUID_RE.test(raw.trim()) ? raw.trim() : ''),
    write: (value) => value || undefined,
  }),
  /** Text that `clean` accepts (returns '' for anything else). */
  cleaned: (clean: (raw: string) => string): ParamCodec<string> => ({
    empty: '',
    read: (raw) => clean((raw ?? '').trim()),
    write: (value) => value.trim() || undefined,
  }),
};

// biome-ignore lint/suspicious/noExplicitAny: a schema maps names to codecs of any value type
export type ListSchema = Record<string, ParamCodec<any>>;
export type ListValues<S extends ListSchema> = {
  [K in keyof S]: S[K] extends ParamCodec<infer T> ? T : never;
};

export type SortOrder = 'asc' | 'desc';
export interface ListSort<By extends string = string> {
  by: By;
  order: SortOrder;
}
/** The columns the server can order by, and the order when the URL names none. */
export interface SortSpec<By extends string> {
  columns: readonly By[];
  default: ListSort<By>;
}

export interface ListParams<S extends ListSchema, By extends string = string> {
  values: ListValues<S>;
  page: number;
  sort: ListSort<By> | undefined;
}

export function emptyValues<S extends ListSchema>(schema: S): ListValues<S> {
  return Object.fromEntries(
    Object.entries(schema).map(([key, codec]) => [key, codec.empty]),
  ) as ListValues<S>;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function readListParams<S extends ListSchema, By extends string>(
  schema: S,
  params: URLSearchParams,
  sortSpec?: SortSpec<By>,
): ListParams<S, By> {
  const values = Object.fromEntries(
    Object.entries(schema).map(([key, codec]) => [key, codec.read(params.get(key))]),
  ) as ListValues<S>;
  let sort: ListSort<By> | undefined;
  if (sortSpec) {
    const by = params.get('sort');
    const order = params.get('order');
    sort = {
      by:
        by !== null && (sortSpec.columns as readonly string[]).includes(by)
          ? (by as By)
          : sortSpec.default.by,
      order: order === 'asc' || order === 'desc' ? order : sortSpec.default.order,
    };
  }
  return { values, page: readPage(params), sort };
}

/** The query string: empty values, page 1 and the default order are left out. */
export function writeListParams<S extends ListSchema, By extends string>(
  schema: S,
  list: { values: Partial<ListValues<S>>; page?: number; sort?: ListSort<By> },
  sortSpec?: SortSpec<By>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, codec] of Object.entries(schema)) {
    const value = list.values[key as keyof S];
    const text = value === undefined ? undefined : codec.write(value);
    if (text !== undefined) params.set(key, text);
  }
  if (list.sort && sortSpec) {
    if (list.sort.by !== sortSpec.default.by) params.set('sort', list.sort.by);
    if (list.sort.order !== sortSpec.default.order) params.set('order', list.sort.order);
  }
  if (list.page && list.page > 1) params.set('page', String(list.page));
  return params;
}

/** How many filters are set (the search included). */
export function activeCount<S extends ListSchema>(schema: S, values: ListValues<S>): number {
  return Object.entries(schema).filter(([key, codec]) => codec.write(values[key as keyof S]) !== undefined)
    .length;
}
