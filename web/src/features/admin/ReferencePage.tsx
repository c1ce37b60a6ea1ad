import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { SelectField, TextField } from '../forms/Field';
import { AdminHeader } from './AdminLayout';
import { PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import { errorFor, formFailure, type FormFailure, fieldBinder } from './fieldErrors';
import { pageLocally, type ListSearch } from './listSearch';
import { adminActions, adminKeys, adminQueries } from './queries';
import type { CodeName, DocumentCategory, NavigationComponent } from './types';

/** The reference lists, each named by `reference.lists.<list>`. */
const LISTS = ['documentCategories', 'navigation', 'languages', 'userTypes', 'countries', 'dictionaries'] as const;

/** The platform's reference lists; the filter chip in the URL says which one is open. */
export function ReferencePage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const list = LISTS.find((entry) => entry === search.filter) ?? LISTS[0];
  return (
    <>
      <AdminHeader title={t('reference.title')} />
      <div className="admin-toolbar">
        <div className="admin-chips" role="group" aria-label={t('reference.list')}>
          {LISTS.map((entry) => (
            <button
              key={entry}
              type="button"
              className="chip admin-chip"
              aria-pressed={entry === list}
              onClick={() => setSearch({ filter: entry, page: undefined, q: undefined, sort: undefined })}
            >
              {t(`reference.lists.${entry}`)}
            </button>
          ))}
        </div>
      </div>
      <h2 className="section-title">{t(`reference.lists.${list}`)}</h2>
      {list === 'documentCategories' ? <DocumentCategories search={search} setSearch={setSearch} /> : null}
      {list === 'navigation' ? <Navigation search={search} setSearch={setSearch} /> : null}
      {list === 'languages' ? <Languages search={search} setSearch={setSearch} /> : null}
      {list === 'userTypes' ? <UserTypes search={search} setSearch={setSearch} /> : null}
      {list === 'countries' ? <Countries search={search} setSearch={setSearch} /> : null}
      {list === 'dictionaries' ? <Dictionaries /> : null}
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
  const { t } = useTranslation('admin');
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
          {pending ? t('reference.adding') : title}
        </button>
      </div>
    </form>
  );
}

function useAdd<T>(name: string, action: string, fields: readonly string[], run: () => Promise<T>, reset: () => void) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast.success(t('reference.added'));
      setFailure(null);
      reset();
      return queryClient.invalidateQueries({ queryKey: adminKeys.list(name) });
    },
    onError: (error) => setFailure(formFailure(action, error, fields)),
  });
  return { mutation, failure };
}

function DocumentCategories({ search, setSearch }: ListProps) {
  const { t } = useTranslation('admin');
  const categories = useQuery(adminQueries.documentCategories());
  const [name, setName] = useState('');
  const { mutation, failure } = useAdd(
    'documentCategories',
    t('reference.categories.adding'),
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
  const columns: Column<DocumentCategory>[] = [{ key: 'name', label: t('reference.columns.name'), sortable: true, render: (c) => c.name }];
  return (
    <>
      <AddForm title={t('reference.categories.add')} pending={mutation.isPending} failure={failure} onSubmit={() => mutation.mutate()}>
        <TextField label={t('reference.categories.name')} value={name} onChange={(event) => setName(event.target.value)} error={errorFor(failure, 'name')} />
      </AddForm>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('reference.categories.search')} />
      </div>
      <PagedTable
        what={t('reference.lists.documentCategories')}
        query={page}
        columns={columns}
        rowKey={(c) => c.id}
        search={search}
        setSearch={setSearch}
        empty={t('reference.categories.empty')}
        defaultSort="name,asc"
      />
    </>
  );
}

const NAV_FIELDS = ['code', 'name', 'path', 'icon', 'menuOrder', 'audience'] as const;

function Navigation({ search, setSearch }: ListProps) {
  const { t } = useTranslation('admin');
  const audiences = { all: t('reference.audiences.all'), corporate: t('reference.audiences.corporate'), admin: t('reference.audiences.admin') };
  const components = useQuery(adminQueries.navigationComponents());
  const empty = { code: '', name: '', path: '/dashboard/', icon: '', menuOrder: '100', audience: 'all' as NavigationComponent['audience'] };
  const [form, setForm] = useState(empty);
  const { mutation, failure } = useAdd(
    'navigationComponents',
    t('reference.navigation.adding'),
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
    { key: 'menuOrder', label: t('reference.columns.order'), sortable: true, render: (c) => c.menuOrder },
    { key: 'code', label: t('reference.columns.code'), sortable: true, render: (c) => <code>{c.code}</code> },
    { key: 'name', label: t('reference.columns.name'), sortable: true, render: (c) => c.name },
    { key: 'path', label: t('reference.columns.path'), render: (c) => <code>{c.path}</code> },
    { key: 'audience', label: t('reference.columns.audience'), render: (c) => audiences[c.audience] ?? c.audience },
  ];
  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <>
      <AddForm title={t('reference.navigation.add')} pending={mutation.isPending} failure={failure} onSubmit={() => mutation.mutate()}>
        <TextField label={t('reference.columns.code')} value={form.code} onChange={set('code')} error={errorFor(failure, 'code')} />
        <TextField label={t('reference.columns.name')} value={form.name} onChange={set('name')} error={errorFor(failure, 'name')} />
        <TextField label={t('reference.columns.path')} value={form.path} onChange={set('path')} error={errorFor(failure, 'path')} />
        <TextField label={t('reference.navigation.icon')} value={form.icon} onChange={set('icon')} error={errorFor(failure, 'icon')} />
        <TextField
          label={t('reference.navigation.menuOrder')}
          type="number"
          value={form.menuOrder}
          onChange={set('menuOrder')}
          error={errorFor(failure, 'menuOrder')}
        />
        <SelectField
          label={t('reference.columns.audience')}
          value={form.audience}
          onChange={set('audience')}
          options={[
            { value: 'all', label: audiences.all },
            { value: 'corporate', label: audiences.corporate },
            { value: 'admin', label: audiences.admin },
          ]}
          error={errorFor(failure, 'audience')}
        />
      </AddForm>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('reference.navigation.search')} />
      </div>
      <PagedTable
        what={t('reference.lists.navigation')}
        query={page}
        columns={columns}
        rowKey={(c) => c.id}
        search={search}
        setSearch={setSearch}
        empty={t('reference.navigation.empty')}
        defaultSort="menuOrder,asc"
      />
    </>
  );
}

const codeNamePaging = {
  text: (c: CodeName) => `${c.code} ${c.name}`,
  sortBy: { code: (c: CodeName) => c.code, name: (c: CodeName) => c.name.toLowerCase() },
  defaultSort: 'name,asc',
};

function Languages({ search, setSearch }: ListProps) {
  const { t } = useTranslation('admin');
  const languages = useQuery(adminQueries.userLanguages());
  const [form, setForm] = useState({ code: '', name: '' });
  const { mutation, failure } = useAdd(
    'userLanguages',
    t('reference.languages.adding'),
    ['code', 'name'],
    () => adminActions.addUserLanguage({ code: form.code.trim(), name: form.name.trim() }),
    () => setForm({ code: '', name: '' }),
  );
  const bind = fieldBinder(form, setForm, failure);
  return (
    <>
      <AddForm title={t('reference.languages.add')} pending={mutation.isPending} failure={failure} onSubmit={() => mutation.mutate()}>
        <TextField label={t('reference.languages.code')} hint={t('reference.languages.codeHint')} {...bind('code')} />
        <TextField label={t('reference.languages.name')} {...bind('name')} />
      </AddForm>
      <CodeNameList what={t('reference.languages.what')} query={languages} search={search} setSearch={setSearch} />
    </>
  );
}

function UserTypes({ search, setSearch }: ListProps) {
  const { t } = useTranslation('admin');
  return <CodeNameList what={t('reference.lists.userTypes')} query={useQuery(adminQueries.userTypes())} search={search} setSearch={setSearch} />;
}

function Countries({ search, setSearch }: ListProps) {
  const { t } = useTranslation('admin');
  return <CodeNameList what={t('reference.lists.countries')} query={useQuery(adminQueries.countries())} search={search} setSearch={setSearch} />;
}

/** A searchable, sortable list of codes and names, paged in the browser. */
function CodeNameList<T extends CodeName>({ what, query, search, setSearch }: ListProps & { what: string; query: UseQueryResult<T[]> }) {
  const { t } = useTranslation('admin');
  const codeNameColumns: Column<CodeName>[] = [
    { key: 'code', label: t('reference.columns.code'), sortable: true, render: (c) => <code>{c.code}</code> },
    { key: 'name', label: t('reference.columns.name'), sortable: true, render: (c) => c.name },
  ];
  const page = { ...query, data: query.data ? pageLocally<T>(query.data, { ...search, ...ignoreChip }, codeNamePaging) : undefined };
  return (
    <>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('reference.searchList', { what })} />
      </div>
      <PagedTable
        what={what}
        query={page}
        columns={codeNameColumns}
        rowKey={(c) => c.code}
        search={search}
        setSearch={setSearch}
        empty={t('reference.noneInList', { what })}
        defaultSort="name,asc"
      />
    </>
  );
}

function Dictionaries() {
  const { t } = useTranslation('admin');
  const dictionaries = useQuery(adminQueries.customDictionaries());
  return (
    <QueryState query={dictionaries} what={t('reference.dictionaries.what')}>
      {(data) =>
        Object.keys(data).length === 0 ? (
          <p className="empty-state">{t('reference.dictionaries.empty')}</p>
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
