import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { SelectField, TextField } from '../forms/Field';
import { AdminHeader } from './AdminLayout';
import { PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import { errorFor, formFailure, type FormFailure, fieldBinder } from './fieldErrors';
import { pageLocally, type ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import type { CodeName, DocumentCategory, NavigationComponent } from './types';

const LISTS = [
  { value: 'documentCategories', label: 'Document categories' },
  { value: 'navigation', label: 'Navigation components' },
  { value: 'languages', label: 'User languages' },
  { value: 'userTypes', label: 'User types' },
  { value: 'countries', label: 'Countries' },
  { value: 'dictionaries', label: 'Custom dictionaries' },
];

/** The platform's reference lists; the filter chip in the URL says which one is open. */
export function ReferencePage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const list = LISTS.find((entry) => entry.value === search.filter) ?? LISTS[0];
  return (
    <>
      <AdminHeader title="Reference lists" />
      <div className="admin-toolbar">
        <div className="admin-chips" role="group" aria-label="Reference list">
          {LISTS.map((entry) => (
            <button
              key={entry.value}
              type="button"
              className="chip admin-chip"
              aria-pressed={entry.value === list.value}
              onClick={() => setSearch({ filter: entry.value, page: undefined, q: undefined, sort: undefined })}
            >
              {entry.label}
            </button>
          ))}
        </div>
      </div>
      <h2 className="section-title">{list.label}</h2>
      {list.value === 'documentCategories' ? <DocumentCategories search={search} setSearch={setSearch} /> : null}
      {list.value === 'navigation' ? <Navigation search={search} setSearch={setSearch} /> : null}
      {list.value === 'languages' ? <Languages search={search} setSearch={setSearch} /> : null}
      {list.value === 'userTypes' ? <UserTypes search={search} setSearch={setSearch} /> : null}
      {list.value === 'countries' ? <Countries search={search} setSearch={setSearch} /> : null}
      {list.value === 'dictionaries' ? <Dictionaries /> : null}
    </>
  );
}

type ListProps = { search: ListSearch; setSearch: SetSearch };
const ignoreChip: Pick<ListSearch, 'filter'> = { filter: undefined };

/** A small add form above a reference list, with field errors from the server. */
function AddForm({
  title,
  pending,
  failure,
  onSubmit,
  children,
}: {
  title: string;
  pending: boolean;
  failure: FormFailure | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-label={title}>
      {failure && !failure.field ? (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <div className="admin-grid">{children}</div>
      <div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Adding…' : title}
        </button>
      </div>
    </form>
  );
}

function useAdd<T>(name: string, action: string, fields: readonly string[], run: () => Promise<T>, reset: () => void) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast.success('Added');
      setFailure(null);
      reset();
      return queryClient.invalidateQueries({ queryKey: adminKeys.list(name) });
    },
    onError: (error) => setFailure(formFailure(action, error, fields)),
  });
  return { mutation, failure };
}

function DocumentCategories({ search, setSearch }: ListProps) {
  const categories = useQuery(adminQueries.documentCategories());
  const [name, setName] = useState('');
  const { mutation, failure } = useAdd(
    'documentCategories',
    'Adding the category',
    ['name'],
    () => adminActions.addDocumentCategory(name.trim()),
    () => setName(''),
  );
  const page = {
    ...categories,
    data: categories.data
      ? pageLocally(
          categories.data,
          { ...search, ...ignoreChip },
          { text: (c) => c.name, sortBy: { name: (c) => c.name.toLowerCase() }, defaultSort: 'name,asc' },
        )
      : undefined,
  };
  const columns: Column<DocumentCategory>[] = [{ key: 'name', label: 'Name', sortable: true, render: (c) => c.name }];
  return (
    <>
      <AddForm title="Add category" pending={mutation.isPending} failure={failure} onSubmit={() => mutation.mutate()}>
        <TextField label="Category name" value={name} onChange={(event) => setName(event.target.value)} error={errorFor(failure, 'name')} />
      </AddForm>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search categories" />
      </div>
      <PagedTable
        what="Document categories"
        query={page}
        columns={columns}
        rowKey={(c) => c.id}
        search={search}
        setSearch={setSearch}
        empty="No categories yet."
        defaultSort="name,asc"
      />
    </>
  );
}

const NAV_FIELDS = ['code', 'name', 'path', 'icon', 'menuOrder', 'audience'] as const;

function Navigation({ search, setSearch }: ListProps) {
  const components = useQuery(adminQueries.navigationComponents());
  const empty = { code: '', name: '', path: '/dashboard/', icon: '', menuOrder: '100', audience: 'all' as NavigationComponent['audience'] };
  const [form, setForm] = useState(empty);
  const { mutation, failure } = useAdd(
    'navigationComponents',
    'Adding the navigation component',
    NAV_FIELDS,
    () =>
      adminActions.addNavigationComponent({
        ...form,
        code: form.code.trim(),
        name: form.name.trim(),
        path: form.path.trim(),
        menuOrder: Number(form.menuOrder),
      }),
    () => setForm(empty),
  );
  const page = {
    ...components,
    data: components.data
      ? pageLocally(
          components.data,
          { ...search, ...ignoreChip },
          {
            text: (c) => `${c.code} ${c.name} ${c.path}`,
            sortBy: { menuOrder: (c) => c.menuOrder, name: (c) => c.name.toLowerCase(), code: (c) => c.code },
            defaultSort: 'menuOrder,asc',
          },
        )
      : undefined,
  };
  const columns: Column<NavigationComponent>[] = [
    { key: 'menuOrder', label: 'Order', sortable: true, render: (c) => c.menuOrder },
    { key: 'code', label: 'Code', sortable: true, render: (c) => <code>{c.code}</code> },
    { key: 'name', label: 'Name', sortable: true, render: (c) => c.name },
    { key: 'path', label: 'Path', render: (c) => <code>{c.path}</code> },
    { key: 'audience', label: 'Shown to', render: (c) => ({ all: 'Everyone', admin: 'Administrators', corporate: 'Company staff' })[c.audience] ?? c.audience },
  ];
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <>
      <AddForm title="Add component" pending={mutation.isPending} failure={failure} onSubmit={() => mutation.mutate()}>
        <TextField label="Code" value={form.code} onChange={set('code')} error={errorFor(failure, 'code')} />
        <TextField label="Name" value={form.name} onChange={set('name')} error={errorFor(failure, 'name')} />
        <TextField label="Path" value={form.path} onChange={set('path')} error={errorFor(failure, 'path')} />
        <TextField label="Icon" value={form.icon} onChange={set('icon')} error={errorFor(failure, 'icon')} />
        <TextField label="Menu order" type="number" value={form.menuOrder} onChange={set('menuOrder')} error={errorFor(failure, 'menuOrder')} />
        <SelectField
          label="Shown to"
          value={form.audience}
          onChange={set('audience')}
          options={[
            { value: 'all', label: 'Everyone' },
            { value: 'corporate', label: 'Company staff' },
            { value: 'admin', label: 'Administrators' },
          ]}
          error={errorFor(failure, 'audience')}
        />
      </AddForm>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search navigation components" />
      </div>
      <PagedTable
        what="Navigation components"
        query={page}
        columns={columns}
        rowKey={(c) => c.id}
        search={search}
        setSearch={setSearch}
        empty="No navigation components."
        defaultSort="menuOrder,asc"
      />
    </>
  );
}

const codeNameColumns: Column<CodeName>[] = [
  { key: 'code', label: 'Code', sortable: true, render: (c) => <code>{c.code}</code> },
  { key: 'name', label: 'Name', sortable: true, render: (c) => c.name },
];

const codeNamePaging = {
  text: (c: CodeName) => `${c.code} ${c.name}`,
  sortBy: { code: (c: CodeName) => c.code, name: (c: CodeName) => c.name.toLowerCase() },
  defaultSort: 'name,asc',
};

function Languages({ search, setSearch }: ListProps) {
  const languages = useQuery(adminQueries.userLanguages());
  const [form, setForm] = useState({ code: '', name: '' });
  const { mutation, failure } = useAdd(
    'userLanguages',
    'Adding the language',
    ['code', 'name'],
    () => adminActions.addUserLanguage({ code: form.code.trim(), name: form.name.trim() }),
    () => setForm({ code: '', name: '' }),
  );
  const bind = fieldBinder(form, setForm, failure);
  return (
    <>
      <AddForm title="Add language" pending={mutation.isPending} failure={failure} onSubmit={() => mutation.mutate()}>
        <TextField label="Language code" hint="ISO 639-1, e.g. sv" {...bind('code')} />
        <TextField label="Language name" {...bind('name')} />
      </AddForm>
      <CodeNameList what="Languages" query={languages} search={search} setSearch={setSearch} />
    </>
  );
}

function UserTypes({ search, setSearch }: ListProps) {
  return <CodeNameList what="User types" query={useQuery(adminQueries.userTypes())} search={search} setSearch={setSearch} />;
}

function Countries({ search, setSearch }: ListProps) {
  return <CodeNameList what="Countries" query={useQuery(adminQueries.countries())} search={search} setSearch={setSearch} />;
}

/** A searchable, sortable list of codes and names, paged in the browser. */
function CodeNameList<T extends CodeName>({ what, query, search, setSearch }: ListProps & { what: string; query: UseQueryResult<T[]> }) {
  const page = { ...query, data: query.data ? pageLocally<T>(query.data, { ...search, ...ignoreChip }, codeNamePaging) : undefined };
  return (
    <>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={`Search ${what.toLowerCase()}`} />
      </div>
      <PagedTable
        what={what}
        query={page}
        columns={codeNameColumns}
        rowKey={(c) => c.code}
        search={search}
        setSearch={setSearch}
        empty={`No ${what.toLowerCase()}.`}
        defaultSort="name,asc"
      />
    </>
  );
}

function Dictionaries() {
  const dictionaries = useQuery(adminQueries.customDictionaries());
  return (
    <QueryState query={dictionaries} what="The custom dictionaries">
      {(data) =>
        Object.keys(data).length === 0 ? (
          <p className="empty-state">No custom dictionaries.</p>
        ) : (
          <dl className="card">
            {Object.entries(data).map(([name, value]) => (
              <div key={name}>
                <dt>
                  <strong>{name}</strong>
                </dt>
                <dd>
                  {Array.isArray(value)
                    ? value.map((entry) => (typeof entry === 'object' ? JSON.stringify(entry) : String(entry))).join(', ')
                    : JSON.stringify(value)}
                </dd>
              </div>
            ))}
          </dl>
        )
      }
    </QueryState>
  );
}
