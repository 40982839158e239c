import { BUILT_IN_FORMS, MESSAGES, type MetadataForm, type OptionList } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { errorOf, fieldsOf, routeCases, type RouteCase } from './support/responses.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type FormDto = MetadataForm & { createdAt: string };
const call = (user: TestUser, method: RouteCase['method'], url: string, body?: object) =>
  t.call({ method, url, cookie: user.cookie, ...(body ? { body } : {}) });

const newsForm = {
  id: 'news',
  label: 'News',
  active: true,
  fields: [
    { fieldId: 'story', label: 'Story', type: 'Text', required: true },
    { fieldId: 'source', label: 'Source', type: 'Choice', alternatives: [{ value: 'ntb', label: 'NTB' }] },
  ],
};

async function admin(tt: TestTenant) {
  return makeUser(t, tt, { roles: ['admin'] });
}

async function createForm(user: TestUser, body: object = newsForm): Promise<FormDto> {
  const res = await call(user, 'POST', '/api/v1/forms', body);
  if (res.statusCode !== 201) throw new Error(`create form: ${String(res.statusCode)} ${res.body}`);
  return res.json<FormDto>();
}

describe('built-in forms', () => {
  it('gives every new tenant Common (title and description), Folder, QC, Detected Text and Restricted Material', async () => {
    const tt = await makeTenant(t);
    const res = await call(await makeUser(t, tt), 'GET', '/api/v1/forms');
    expect(res.statusCode).toBe(200);
    const forms = res.json<{ items: FormDto[] }>().items;
    expect(forms.map((f) => f.builtIn).sort()).toEqual(BUILT_IN_FORMS.map((f) => f.builtIn).sort());
    const common = forms.find((f) => f.id === 'common');
    expect(common?.fields.map((f) => [f.fieldId, f.required, f.systemDefaultField])).toEqual([
      ['title', true, true],
      ['description', false, true],
    ]);
  });

  it.each([
    ['common', MESSAGES.defaultTypeProtected],
    ['folderDefault', MESSAGES.defaultTypeProtected],
    ['detectedText', MESSAGES.builtInFormProtected],
    ['restrictedMaterial', MESSAGES.builtInFormProtected],
  ])('refuses to delete %s: %s', async (id, message) => {
    const user = await admin(await makeTenant(t));
    const res = await call(user, 'DELETE', `/api/v1/forms/${id}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(message);
    expect((await call(user, 'GET', `/api/v1/forms/${id}`)).statusCode).toBe(200);
  });

  it('refuses to deactivate Common, to make its title optional or to drop its description', async () => {
    const user = await admin(await makeTenant(t));
    const common = (await call(user, 'GET', '/api/v1/forms/common')).json<FormDto>();
    const deactivate = await call(user, 'PATCH', '/api/v1/forms/common', { active: false });
    expect(errorOf(deactivate).details).toEqual([
      {
        field: 'active',
        message: MESSAGES.defaultTypeProtected,
        messageId: 'defaultTypeProtected',
        params: {},
      },
    ]);
    const optional = common.fields.map((f) => ({ ...f, required: false }));
    expect(errorOf(await call(user, 'PATCH', '/api/v1/forms/common', { fields: optional })).message).toBe(
      'Title must be required',
    );
    const dropped = common.fields.filter((f) => f.fieldId === 'title');
    expect(errorOf(await call(user, 'PATCH', '/api/v1/forms/common', { fields: dropped })).message).toBe(
      'System default fields cannot be deleted',
    );
  });

  it('refuses a required field on QC, and deletes QC when asked', async () => {
    const user = await admin(await makeTenant(t));
    const qc = (await call(user, 'GET', '/api/v1/forms/qc')).json<FormDto>();
    const fields = [...qc.fields, { fieldId: 'checker', label: 'Checker', type: 'Text', required: true }];
    expect(errorOf(await call(user, 'PATCH', '/api/v1/forms/qc', { fields })).message).toBe(
      'Required fields cannot be added to the built-in QC form',
    );
    expect((await call(user, 'DELETE', '/api/v1/forms/qc')).statusCode).toBe(204);
  });
});

describe('forms', () => {
  it('creates, reads, changes, deactivates and deletes a form', async () => {
    const user = await admin(await makeTenant(t));
    const created = await createForm(user);
    expect(created).toMatchObject({ id: 'news', label: 'News', builtIn: null, active: true });
    expect(created.fields[1]).toMatchObject({
      type: 'Choice',
      required: false,
      readOnly: false,
      userCanRead: null,
    });
    const changed = await call(user, 'PATCH', '/api/v1/forms/news', { label: 'Newsroom', active: false });
    expect(changed.json<FormDto>()).toMatchObject({ label: 'Newsroom', active: false });
    expect((await call(user, 'GET', '/api/v1/forms/news')).json<FormDto>().label).toBe('Newsroom');
    expect((await call(user, 'DELETE', '/api/v1/forms/news')).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/v1/forms/news')).statusCode).toBe(404);
  });

  it.each<[object, string, string]>([
    [{ label: 'News.' }, 'label', 'Label may not contain a period or quotes'],
    [{ label: 'common' }, 'label', 'A form with that name already exists'],
    [{ id: 'qc' }, 'id', 'A form with that name already exists'],
    [
      { keyboardShortcut: 'space' },
      'keyboardShortcut',
      'Shortcut conflicts with another form or a system shortcut',
    ],
    [{ keyboardShortcut: 'ctrl+enter' }, 'keyboardShortcut', 'Invalid shortcut'],
    [
      { fields: [{ fieldId: 'go', label: 'Go', type: 'Button', required: true }] },
      'fields.0.required',
      'Button fields cannot be required or read only',
    ],
    [
      { fields: [{ fieldId: 't', label: 'T', type: 'Text', minLines: 0, maxLines: 101 }] },
      'fields.0.lines',
      'Max and min lines must be between 1 and 100',
    ],
    [
      {
        fields: [
          {
            fieldId: 'createdOn',
            label: 'Created',
            type: 'Date',
            initializationRules: [{ kind: 'dateOffset', offsetDays: 1 }],
          },
        ],
      },
      'fields.0.initializationRules',
      'createdOn cannot be initialized',
    ],
    [
      {
        usageRules: [
          {
            identifier: { key: 'web', label: 'Web' },
            contexts: [
              {
                name: 'Web',
                validity: { from: { offsetFrom: 'forever' }, to: { offsetFrom: 'ingest_time' } },
              },
            ],
          },
        ],
      },
      'usageRules.0.contexts.0.validity.to',
      'Number of days must be a number of 0 or more',
    ],
  ])('refuses %o with 400 at %s: %s', async (change, field, message) => {
    const user = await admin(await makeTenant(t));
    const res = await call(user, 'POST', '/api/v1/forms', { ...newsForm, ...change });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('refuses to change the type of a saved field, or the form id', async () => {
    const user = await admin(await makeTenant(t));
    const form = await createForm(user);
    const fields = form.fields.map((f) => (f.fieldId === 'story' ? { ...f, type: 'JSON' } : f));
    const res = await call(user, 'PATCH', '/api/v1/forms/news', { fields });
    expect(errorOf(res).details).toContainEqual(
      expect.objectContaining({
        field: 'fields.0.type',
        message: 'The field type of saved fields cannot be changed',
      }),
    );
    expect(fieldsOf(await call(user, 'PATCH', '/api/v1/forms/news', { id: 'other' }))).toEqual(['id']);
  });

  it('saves a subtype with every view, those it lacks copied from its item view', async () => {
    const user = await admin(await makeTenant(t));
    const item = { story: { visible: true, label: 'Story line', defaultValue: null } };
    const upload = { story: { visible: false, label: null, defaultValue: null } };
    const form = await createForm(user, { ...newsForm, isSubtype: true, views: { item, upload } });
    expect(form.views.upload).toEqual(upload);
    expect(form.views.folder).toEqual(item);
    expect(form.views.search).toEqual(item);
    const plain = await createForm(user, { ...newsForm, id: 'plain', label: 'Plain', views: { item } });
    expect(Object.keys(plain.views)).toEqual(['item']);
  });

  it('keeps a shortcut to one form', async () => {
    const user = await admin(await makeTenant(t));
    await createForm(user, { ...newsForm, keyboardShortcut: 'alt+n' });
    const res = await call(user, 'POST', '/api/v1/forms', {
      id: 'sport',
      label: 'Sport',
      active: true,
      keyboardShortcut: 'Alt+N',
    });
    expect(errorOf(res).message).toBe('Shortcut conflicts with another form or a system shortcut');
  });

  it('shows a hidden form to administrators only, and one for selected groups to their members', async () => {
    const tt = await makeTenant(t);
    const user = await admin(tt);
    const group = await t.services.groupsService.create(tt.root, { name: 'Desk', permissions: [] });
    const member = await makeUser(t, tt, { groupIds: [group.id] });
    const outsider = await makeUser(t, tt);
    await createForm(user, { ...newsForm, visibleTo: { level: 'selected_groups', groupIds: [group.id] } });
    await createForm(user, {
      id: 'secret',
      label: 'Secret',
      active: true,
      visibleTo: { level: 'hidden', groupIds: [] },
    });
    const ids = async (u: TestUser) =>
      (await call(u, 'GET', '/api/v1/forms'))
        .json<{ items: FormDto[] }>()
        .items.map((f) => f.id)
        .filter((id) => ['news', 'secret'].includes(id));
    expect(await ids(user)).toEqual(['news', 'secret']);
    expect(await ids(member)).toEqual(['news']);
    expect(await ids(outsider)).toEqual([]);
    expect((await call(outsider, 'GET', '/api/v1/forms/news')).statusCode).toBe(404);
  });
});

describe('option lists', () => {
  it('makes a tree list a field uses, and refuses to delete it or change its kind while used', async () => {
    const user = await admin(await makeTenant(t));
    const res = await call(user, 'POST', '/api/v1/option-lists', {
      name: 'Places',
      kind: 'tree',
      options: [{ value: 'no', label: 'Norway', children: [{ value: 'oslo', label: 'Oslo', children: [] }] }],
    });
    expect(res.statusCode).toBe(201);
    const list = res.json<OptionList>();
    await createForm(user, {
      id: 'geo',
      label: 'Geo',
      active: true,
      fields: [
        {
          fieldId: 'place',
          label: 'Place',
          type: 'TreeChoice',
          optionListId: list.id,
          defaultValue: 'no/oslo',
        },
      ],
    });
    expect(fieldsOf(await call(user, 'DELETE', `/api/v1/option-lists/${list.id}`))).toEqual(['id']);
    expect(fieldsOf(await call(user, 'PATCH', `/api/v1/option-lists/${list.id}`, { kind: 'flat' }))).toEqual([
      'kind',
    ]);
    const renamed = await call(user, 'PATCH', `/api/v1/option-lists/${list.id}`, { name: 'Where' });
    expect(renamed.json<OptionList>().name).toBe('Where');
    await call(user, 'DELETE', '/api/v1/forms/geo');
    expect((await call(user, 'DELETE', `/api/v1/option-lists/${list.id}`)).statusCode).toBe(204);
  });

  it('refuses a flat list with children, and a name already taken', async () => {
    const user = await admin(await makeTenant(t));
    const node = { value: 'a', label: 'A', children: [{ value: 'b', label: 'B', children: [] }] };
    expect(
      fieldsOf(
        await call(user, 'POST', '/api/v1/option-lists', { name: 'L', kind: 'flat', options: [node] }),
      ),
    ).toEqual(['options']);
    await call(user, 'POST', '/api/v1/option-lists', { name: 'L', kind: 'tree', options: [node] });
    expect(
      fieldsOf(await call(user, 'POST', '/api/v1/option-lists', { name: 'l', kind: 'tree', options: [] })),
    ).toEqual(['name']);
  });
});

describe('every form route', () => {
  const ROUTES: RouteCase[] = [
    { route: 'GET /api/v1/forms', method: 'GET', url: () => '/api/v1/forms' },
    {
      route: 'POST /api/v1/forms',
      method: 'POST',
      url: () => '/api/v1/forms',
      body: { id: 'x', label: 'X', active: true },
    },
    { route: 'GET /api/v1/forms/{id}', method: 'GET', url: () => '/api/v1/forms/news' },
    {
      route: 'PATCH /api/v1/forms/{id}',
      method: 'PATCH',
      url: () => '/api/v1/forms/news',
      body: { label: 'Changed' },
    },
    { route: 'DELETE /api/v1/forms/{id}', method: 'DELETE', url: () => '/api/v1/forms/news' },
    { route: 'GET /api/v1/option-lists', method: 'GET', url: () => '/api/v1/option-lists' },
    {
      route: 'POST /api/v1/option-lists',
      method: 'POST',
      url: () => '/api/v1/option-lists',
      body: { name: 'N', kind: 'flat', options: [] },
    },
    { route: 'GET /api/v1/option-lists/{id}', method: 'GET', url: (id) => `/api/v1/option-lists/${id}` },
    {
      route: 'PATCH /api/v1/option-lists/{id}',
      method: 'PATCH',
      url: (id) => `/api/v1/option-lists/${id}`,
      body: { name: 'Changed' },
    },
    {
      route: 'DELETE /api/v1/option-lists/{id}',
      method: 'DELETE',
      url: (id) => `/api/v1/option-lists/${id}`,
    },
  ];
  let owner: TestUser;
  let listId: string;
  beforeAll(async () => {
    owner = await admin(await makeTenant(t));
    await createForm(owner);
    const res = await call(owner, 'POST', '/api/v1/option-lists', {
      name: 'Sources',
      kind: 'flat',
      options: [],
    });
    listId = res.json<OptionList>().id;
  });
  const unchanged = async () => {
    expect((await call(owner, 'GET', '/api/v1/forms/news')).json<FormDto>().label).toBe('News');
    expect((await call(owner, 'GET', `/api/v1/option-lists/${listId}`)).json<OptionList>().name).toBe(
      'Sources',
    );
  };

  it.each(routeCases(ROUTES))('%s answers 401 without a session', async (_name, r) => {
    const res = await t.call({ method: r.method, url: r.url(listId), ...(r.body ? { body: r.body } : {}) });
    expect(res.statusCode).toBe(401);
    await unchanged();
  });

  const NAMING = ROUTES.filter((r) => r.route.endsWith('{id}'));
  it.each(routeCases(NAMING))('%s answers 404 for another tenant’s form or list', async (_name, r) => {
    const stranger = await admin(await makeTenant(t));
    const res = await call(stranger, r.method, r.url(listId), r.body);
    expect(res.statusCode).toBe(404);
    await unchanged();
  });

  const WRITES = ROUTES.filter((r) => r.method !== 'GET');
  it.each(routeCases(WRITES))(
    '%s answers 403 to a user who is not a tenant administrator',
    async (_name, r) => {
      const tt = await makeTenant(t);
      const user = await makeUser(t, tt, { permissions: ['item.update'] });
      const res = await call(user, r.method, r.url(listId), r.body);
      expect(res.statusCode).toBe(403);
    },
  );

  it.each<[string, RouteCase['method'], string, object, string]>([
    ['POST /api/v1/forms', 'POST', '/api/v1/forms', { label: 'No id', active: true }, 'id'],
    [
      'PATCH /api/v1/forms/{id}',
      'PATCH',
      '/api/v1/forms/news',
      { fields: [{ fieldId: 'x', label: 'X', type: 'Nope' }] },
      'fields.0.type',
    ],
    [
      'POST /api/v1/option-lists',
      'POST',
      '/api/v1/option-lists',
      { name: 'N', kind: 'list', options: [] },
      'kind',
    ],
    ['PATCH /api/v1/option-lists/{id}', 'PATCH', '/api/v1/option-lists/:id', { name: '' }, 'name'],
  ])('%s answers 400 naming the field', async (_name, method, url, body, field) => {
    const res = await call(owner, method, url.replace(':id', listId), body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    await unchanged();
  });

  it.each([
    ['GET /api/v1/forms/{id}', 'GET', '/api/v1/forms/no.form'],
    ['DELETE /api/v1/forms/{id}', 'DELETE', '/api/v1/forms/9news'],
    ['GET /api/v1/option-lists/{id}', 'GET', '/api/v1/option-lists/not-a-uuid'],
    ['DELETE /api/v1/option-lists/{id}', 'DELETE', '/api/v1/option-lists/not-a-uuid'],
  ] as const)('%s answers 400 naming the id when it is not one', async (_name, method, url) => {
    const res = await call(owner, method, url);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['id']);
  });
});
