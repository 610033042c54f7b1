// The four record editors: configurations of the one record navigator (navigator/RecordEditor).
// Each says which generated hooks feed it, its fields and rules (section 5) and its texts.
import md5 from 'blueimp-md5';
import {
  useAddCategoryMutation,
  useAddProjectMutation,
  useAddProjectTypeMutation,
  useAddUserMutation,
  useDeleteCategoryMutation,
  useDeleteProjectMutation,
  useDeleteProjectTypeMutation,
  useDeleteUserMutation,
  useGetCategoriesQuery,
  useGetProjectTypesQuery,
  useGetProjectsQuery,
  useGetUsersQuery,
  useUpdateCategoryMutation,
  useUpdateProjectMutation,
  useUpdateProjectTypeMutation,
  useUpdateUserMutation,
  useAddTestimonialMutation,
  useDeleteTestimonialMutation,
  useGetTestimonialsQuery,
  useUpdateTestimonialMutation,
  type Testimonial,
  type TestimonialView,
  type Category,
  type Project,
  type ProjectType,
  type User,
} from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { withEnglish } from '../english';
import { GalleryEditor } from '../gallery/GalleryEditor';
import { marksOf } from '../marks';
import { navigators } from '../navigator/navigatorSlice';
import { outcomeOf, type CallResult } from '../navigator/outcome';
import type { Crud, EditorConfig, FieldSpec, Option } from '../navigator/types';
import {
  categoryRules,
  projectRules,
  projectTypeRules,
  testimonialRules,
  userRules,
  type FormValues,
} from '../validation';

const t = messages.admin;
const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const num = (value: unknown) => Number(value ?? 0) || 0;
const named = (list: { Id: number; Name: string }[] | undefined): Option[] | undefined =>
  list?.map((item) => ({ value: item.Id, label: item.Name }));
const eraseByName = (record: { Name: string }) => t.confirm.erase(record.Name);

/** The texts of the editors of the catalogue's records (category, project type, project), and their marks. */
const recordTexts = { counter: t.counter.record, cancelLabel: t.buttons.cancel, confirmErase: eraseByName, marks: marksOf };


/**
 * The English texts of a record (its `En`, read or typed), every key present: '' when absent
 * (not translated; a read from before issue 27 has no En) or only spaces.
 */
function englishOf<K extends string>(en: unknown, keys: readonly K[]): Record<K, string> {
  const texts = (en ?? {}) as Partial<Record<K, unknown>>;
  return Object.fromEntries(keys.map((key) => [key, str(texts[key]).trim() ? str(texts[key]) : ''])) as Record<K, string>;
}
const NAME = ['Name'] as const;
const DESCRIBED = ['Name', 'Description'] as const;

/** A project type's and a project's fields: its name, its parent (a select of `options`), its description and photo. */
const describedFields = (parent: FieldSpec & { kind: 'select' }): FieldSpec[] => [
  ...withEnglish({ name: 'Name', label: t.fields.name, kind: 'text' }),
  parent,
  ...withEnglish({ name: 'Description', label: t.fields.description, kind: 'textarea' }),
  { name: 'Image', label: t.fields.image, kind: 'image', hint: t.fields.imageHint },
];
/** A project type's and a project's name, description and photo, and their English texts, as typed. */
const describedOf = (values: FormValues) => ({
  Name: str(values.Name),
  Description: str(values.Description),
  Image: str(values.Image),
  En: englishOf(values.En, DESCRIBED),
});

type Call<A> = (arg: A) => PromiseLike<CallResult>;

/** One editor's calls behind the navigator's shape; `key` names the record in the generated calls' argument. */
function crudOf<R extends { Id: number }, K extends string>(
  key: K,
  list: Crud<R>['list'],
  add: Call<Record<K, R>>,
  update: Call<{ id: number } & Record<K, R>>,
  remove: Call<{ id: number }>,
): Crud<R> {
  const asArg = (record: R) => ({ [key]: record }) as Record<K, R>;
  return {
    list,
    add: async (record) => outcomeOf(await add(asArg(record))),
    update: async (record) => outcomeOf(await update({ id: record.Id, ...asArg(record) })),
    remove: async ({ Id }) => outcomeOf(await remove({ id: Id })),
  };
}

export const categoryEditor: EditorConfig<Category> = {
  historyKind: 'category',
  trashKind: 'category',
  title: t.editors.category,
  navigator: navigators.category,
  useCrud: () =>
    crudOf('category', useGetCategoriesQuery(), useAddCategoryMutation()[0], useUpdateCategoryMutation()[0], useDeleteCategoryMutation()[0]),
  fields: withEnglish({ name: 'Name', label: t.fields.name, kind: 'text', quiet: true }),
  rules: categoryRules,
  blank: { Id: 0, Name: '', En: englishOf(undefined, NAME) },
  toForm: ({ Id, Name, En }) => ({ Id, Name, En: englishOf(En, NAME) }),
  fromForm: (values) => ({ Id: num(values.Id), Name: str(values.Name), En: englishOf(values.En, NAME) }),
  ...recordTexts,
};

export const projectTypeEditor: EditorConfig<ProjectType> = {
  historyKind: 'projecttype',
  trashKind: 'projecttype',
  title: t.editors.projectType,
  navigator: navigators.projectType,
  useCrud: () =>
    crudOf('projectType', useGetProjectTypesQuery(), useAddProjectTypeMutation()[0], useUpdateProjectTypeMutation()[0], useDeleteProjectTypeMutation()[0]),
  useOptions: () => ({ categories: named(useGetCategoriesQuery().data) }),
  fields: describedFields({ name: 'CategoryId', label: t.fields.category, kind: 'select', options: 'categories' }),
  rules: projectTypeRules,
  blank: { Id: 0, CategoryId: undefined, Name: '', Description: '', Image: '', En: englishOf(undefined, DESCRIBED) },
  toForm: ({ Id, CategoryId, Name, Description, Image, En }) => ({ Id, CategoryId, Name, Description, Image, En: englishOf(En, DESCRIBED) }),
  fromForm: (values) => ({ Id: num(values.Id), CategoryId: num(values.CategoryId), ...describedOf(values) }),
  ...recordTexts,
};

export const projectEditor: EditorConfig<Project> = {
  historyKind: 'project',
  trashKind: 'project',
  title: t.editors.project,
  navigator: navigators.project,
  useCrud: () =>
    crudOf('project', useGetProjectsQuery(), useAddProjectMutation()[0], useUpdateProjectMutation()[0], useDeleteProjectMutation()[0]),
  useOptions: () => ({ projectTypes: named(useGetProjectTypesQuery().data) }),
  fields: [
    ...describedFields({ name: 'ProjectTypeId', label: t.fields.projectType, kind: 'select', options: 'projectTypes' }),
    { name: 'Published', label: t.fields.published, kind: 'checkbox', hint: t.fields.publishedHint },
  ],
  rules: projectRules,
  // A new project is published unless the owner unchecks « Publié ».
  blank: { Id: 0, ProjectTypeId: undefined, Name: '', Description: '', Image: '', En: englishOf(undefined, DESCRIBED), Published: true },
  toForm: ({ Id, ProjectTypeId, Name, Description, Image, En, Published }) => ({ Id, ProjectTypeId, Name, Description, Image, En: englishOf(En, DESCRIBED), Published }),
  fromForm: (values) => ({
    Id: num(values.Id),
    ProjectTypeId: num(values.ProjectTypeId),
    ...describedOf(values),
    Published: values.Published !== false,
  }),
  ...recordTexts,
  below: (project) => <GalleryEditor projectId={project.Id} />,
};

/** The password is sent as the MD5 hex of what was typed (sections 3 and 9). */
const hashPassword = (typed: string) => md5(typed);

export const userEditor: EditorConfig<User> = {
  trashKind: 'user',
  title: t.editors.user,
  navigator: navigators.user,
  useCrud: () =>
    crudOf('userInput', useGetUsersQuery(), useAddUserMutation()[0], useUpdateUserMutation()[0], useDeleteUserMutation()[0]),
  fields: [
    { name: 'Email', label: t.fields.userName, kind: 'email', autoComplete: 'off' },
    { name: 'Pwd', label: t.fields.password, kind: 'password', autoComplete: 'new-password' },
    { name: 'Confirm', label: t.fields.confirmation, kind: 'password', autoComplete: 'new-password' },
  ],
  rules: userRules,
  blank: { Id: 0, Email: '', Pwd: '', Confirm: '' },
  // The server never sends a password: the password fields start blank.
  toForm: ({ Id, Email }) => ({ Id, Email, Pwd: '', Confirm: '' }),
  fromForm: (values: FormValues) => ({
    Id: num(values.Id),
    Email: str(values.Email).trim(),
    Pwd: hashPassword(str(values.Pwd)),
  }),
  counter: t.counter.user,
  cancelLabel: t.buttons.cancelUser,
  confirmErase: () => t.confirm.eraseUser,
  keepAfterFailedAdd: ['Email'],
};

const TEXT = ['Text'] as const;
/** Beside a testimonial's counter: « Non publié », « Non traduit ». */
const testimonialMarks = (x: TestimonialView) => [...(x.Published ? [] : [t.counter.unpublished]), ...(x.En?.Text?.trim() ? [] : [t.counter.untranslated])];

/**
 * Clients' testimonials (issue 31): their words (and English), the client's name as agreed,
 * their town, the month of the work, the project (optional), « Publié » and the consent box,
 * which « Publié » needs. The list's order is the owner's (« Ordre d’affichage »).
 */
export const testimonialEditor: EditorConfig<TestimonialView> = {
  title: t.editors.testimonial,
  navigator: navigators.testimonial,
  useCrud: () => {
    const crud = crudOf<Testimonial, 'testimonial'>(
      'testimonial',
      useGetTestimonialsQuery() as Crud<Testimonial>['list'],
      useAddTestimonialMutation()[0],
      useUpdateTestimonialMutation()[0],
      useDeleteTestimonialMutation()[0],
    );
    return crud as unknown as Crud<TestimonialView>;
  },
  useOptions: () => ({ projects: named(useGetProjectsQuery().data) }),
  fields: [
    ...withEnglish({ name: 'Text', label: t.fields.testimonialText, kind: 'textarea', hint: t.fields.testimonialTextHint }),
    { name: 'ClientName', label: t.fields.clientName, kind: 'text', hint: t.fields.clientNameHint },
    { name: 'Place', label: t.fields.place, kind: 'text', hint: t.fields.placeHint },
    { name: 'Month', label: t.fields.month, kind: 'text', hint: t.fields.monthHint },
    { name: 'ProjectId', label: t.fields.testimonialProject, kind: 'select', options: 'projects' },
    { name: 'Consent', label: t.fields.consent, kind: 'checkbox' },
    { name: 'Published', label: t.fields.published, kind: 'checkbox', hint: t.fields.testimonialPublishedHint },
  ],
  rules: testimonialRules,
  blank: { Id: 0, Text: '', ClientName: '', Place: '', Month: '', ProjectId: undefined, Published: false, Consent: false, En: englishOf(undefined, TEXT) },
  toForm: ({ Id, Text, ClientName, Place, Month, ProjectId, Published, Consent, En }) => ({
    Id,
    Text,
    ClientName,
    Place,
    Month,
    ProjectId: ProjectId ?? undefined,
    Published,
    Consent,
    En: englishOf(En, TEXT),
  }),
  fromForm: (values) =>
    ({
      Id: num(values.Id),
      Text: str(values.Text),
      ClientName: str(values.ClientName).trim(),
      Place: str(values.Place).trim(),
      Month: str(values.Month).trim(),
      ProjectId: num(values.ProjectId) || null,
      Published: values.Published === true,
      Consent: values.Consent === true,
      En: englishOf(values.En, TEXT),
    }) as TestimonialView,
  counter: t.counter.testimonial,
  cancelLabel: t.buttons.cancel,
  confirmErase: (x) => t.confirm.erase(`le témoignage de ${x.ClientName}`),
  marks: testimonialMarks,
};
